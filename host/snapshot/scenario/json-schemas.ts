// The published JSON Schemas (schemas/*.schema.json) are generated from the zod
// schemas, so editors can validate scenario files with the same rules the host
// uses. Cross-field rules (aliases, pins) are only in the host; the schemas'
// descriptions mention them.
import { z } from 'zod'
import { discriminateSteps } from '../../../lib/acp-script/json-schema.ts'
import { inputSchema } from './input.ts'
import { manifestSchema } from './manifest.ts'
import { modelScriptSchema } from './model-script.ts'
import { projectConfigSchema } from './project-config.ts'

export const SCHEMA_FILES = {
  'schemas/snapshot.schema.json': { schema: manifestSchema, id: 'snapshot.schema.json' },
  'schemas/input.schema.json': { schema: inputSchema, id: 'input.schema.json' },
  'schemas/model.schema.json': { schema: modelScriptSchema, id: 'model.schema.json' },
  'schemas/dsh-config.schema.json': { schema: projectConfigSchema, id: 'dsh-config.schema.json' },
} as const

export type SchemaFile = keyof typeof SCHEMA_FILES

/** The exact text each schema file must hold ("input" shape: fields with defaults are optional). */
export function renderSchemaFile(file: SchemaFile): string {
  const { schema, id } = SCHEMA_FILES[file]
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>
  if (file === 'schemas/input.schema.json') discriminateSteps(json)
  return `${JSON.stringify({ $id: id, ...json }, null, 2)}\n`
}
