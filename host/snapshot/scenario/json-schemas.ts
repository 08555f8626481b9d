// The published JSON Schemas (schemas/*.schema.json) are generated from the zod
// schemas, so editors can validate scenario files with the same rules the host
// uses. Cross-field rules (aliases, pins) are only in the host; the schemas'
// descriptions mention them.
import { z } from 'zod'
import { inputSchema } from './input.ts'
import { manifestSchema } from './manifest.ts'
import { modelScriptSchema } from './model-script.ts'

export const SCHEMA_FILES = {
  'schemas/snapshot.schema.json': { schema: manifestSchema, id: 'snapshot.schema.json' },
  'schemas/input.schema.json': { schema: inputSchema, id: 'input.schema.json' },
  'schemas/model.schema.json': { schema: modelScriptSchema, id: 'model.schema.json' },
} as const

export type SchemaFile = keyof typeof SCHEMA_FILES

/** The exact text each schema file must hold ("input" shape: fields with defaults are optional). */
export function renderSchemaFile(file: SchemaFile): string {
  const { schema, id } = SCHEMA_FILES[file]
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as JsonObject
  if (file === 'schemas/input.schema.json') {
    const steps = (json.properties as JsonObject).steps as JsonObject
    steps.items = discriminateByOp(steps.items as JsonObject)
  }
  return `${JSON.stringify({ $id: id, ...json }, null, 2)}\n`
}

type JsonObject = Record<string, unknown>

/**
 * zod writes a discriminated union as a bare `oneOf`, so an editor reports every branch for one
 * typo. Rewritten as "op is one of these" plus one `if op = X then <X's fields>` per op, an unknown
 * op is one error and a misspelt field is reported against its own op's fields only.
 */
export function discriminateByOp(union: JsonObject): JsonObject {
  const branches = union.oneOf as JsonObject[]
  const opOf = (branch: JsonObject) => ((branch.properties as JsonObject).op as { const: string }).const
  return {
    type: 'object',
    required: ['op'],
    properties: { op: { enum: branches.map(opOf), description: 'What this step does.' } },
    allOf: branches.map((branch) => ({
      if: { properties: { op: { const: opOf(branch) } }, required: ['op'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's conditional keyword
      then: branch,
    })),
  }
}
