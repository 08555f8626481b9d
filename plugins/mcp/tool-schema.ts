// Whether a tool's input schema is one a chat-completion API takes as function parameters:
// a JSON Schema object of type "object". Anything else would fail the whole model request,
// so such a tool is left out with a named reason instead.

export function schemaProblem(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return 'its inputSchema is not a JSON object'
  }
  const type = (schema as { type?: unknown }).type
  if (type !== 'object') return `its inputSchema has type ${JSON.stringify(type)}; a tool's parameters must be "object"`
  const properties = (schema as { properties?: unknown }).properties
  if (
    properties !== undefined &&
    (typeof properties !== 'object' || properties === null || Array.isArray(properties))
  ) {
    return 'its inputSchema.properties is not an object'
  }
  return undefined
}
