// How MCP tools are named for the model: `mcp__<server>__<tool>`. Chat-completion APIs accept
// function names of at most 64 characters from [A-Za-z0-9_-], so other characters become "_"
// and a name that is still too long is refused by name rather than cut into a clash.

export const MCP_TOOL_PREFIX = 'mcp__'
const SEPARATOR = '__'
/** The function-name limit of OpenAI-compatible APIs (DeepSeek's included). */
export const MODEL_TOOL_NAME_MAX = 64

/** Replaces every character a model API rejects in a function name with "_". */
export function modelSafeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_')
}

/** `mcp__<server key>__<tool>`, or undefined when the result exceeds the model's limit. */
export function mcpToolName(serverKey: string, tool: string): string | undefined {
  const name = `${MCP_TOOL_PREFIX}${serverKey}${SEPARATOR}${modelSafeName(tool)}`
  return name.length <= MODEL_TOOL_NAME_MAX ? name : undefined
}
