// The published JSON Schema of a step table (schemas/input.schema.json, the conformance case
// schema), with steps discriminated by `op` so an editor reports one error for one typo.

type JsonObject = Record<string, unknown>

/**
 * zod writes a discriminated union as a bare `oneOf`, so an editor reports every branch for one
 * typo. Rewritten as "op is one of these" plus one `if op = X then <X's fields>` per op, an unknown
 * op is one error and a misspelt field is reported against its own op's fields only.
 */
function discriminateByOp(union: JsonObject): JsonObject {
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

/** Rewrites `properties.steps.items` of a generated file schema in place. */
export function discriminateSteps(json: JsonObject): JsonObject {
  const steps = (json.properties as JsonObject).steps as JsonObject
  steps.items = discriminateByOp(steps.items as JsonObject)
  return json
}
