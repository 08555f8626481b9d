// JSON Schemas for editors, generated from the zod schemas the loader uses (so they cannot
// drift): scenarios/conformance/case.schema.json and profile.schema.json. Cross-field rules
// (names, references) are only checked by the loader. Regenerate with
//   npx tsx host/conformance/json-schema.ts
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { discriminateSteps } from '../../lib/acp-script/json-schema.ts'
import { caseFileSchema, profileFileSchema } from './case-file.ts'
import { defaultSuiteDir } from './load-suite.ts'

export const CONFORMANCE_SCHEMAS = {
  'case.schema.json': caseFileSchema,
  'profile.schema.json': profileFileSchema,
} as const

export function renderConformanceSchema(name: keyof typeof CONFORMANCE_SCHEMAS): string {
  const json = z.toJSONSchema(CONFORMANCE_SCHEMAS[name], { io: 'input', target: 'draft-2020-12' })
  if (name === 'case.schema.json') discriminateSteps(json as Record<string, unknown>)
  return `${JSON.stringify({ $id: name, ...json }, null, 2)}\n`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const name of Object.keys(CONFORMANCE_SCHEMAS) as (keyof typeof CONFORMANCE_SCHEMAS)[]) {
    await writeFile(join(defaultSuiteDir(), name), renderConformanceSchema(name))
    console.log(`wrote ${join(defaultSuiteDir(), name)}`)
  }
}
