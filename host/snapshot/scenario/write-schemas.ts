// Regenerate schemas/*.schema.json from the zod schemas:
//   npx tsx host/snapshot/scenario/write-schemas.ts
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SCHEMA_FILES, renderSchemaFile, type SchemaFile } from './json-schemas.ts'
import { packageRoot } from '../../../lib/package-root.ts'

for (const file of Object.keys(SCHEMA_FILES) as SchemaFile[]) {
  await writeFile(join(packageRoot, file), renderSchemaFile(file))
  console.log(`wrote ${file}`)
}
