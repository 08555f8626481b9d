// Regenerate schemas/*.schema.json from the zod schemas:
//   npx tsx host/scenario/write-schemas.ts
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { SCHEMA_FILES, renderSchemaFile, type SchemaFile } from './json-schemas.ts'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
for (const file of Object.keys(SCHEMA_FILES) as SchemaFile[]) {
  await writeFile(repoRoot + file, renderSchemaFile(file))
  console.log(`wrote ${file}`)
}
