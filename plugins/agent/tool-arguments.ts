// A tool call's arguments, parsed once. The agent parses them as it records the call; the ACP
// projection, which shows the call to the editor right after, finds that parse through the
// event's data (the store hands listeners the appended data object itself) instead of parsing
// the same text again. A call read back from a log (session/load) is parsed there.

type ParsedArguments = { args: Record<string, unknown> } | { error: string }

const parsedByCall = new WeakMap<object, ParsedArguments>()

/** The arguments as a JSON object, or the error the model is told about. */
export function parseToolArguments(text: string): ParsedArguments {
  try {
    const value = JSON.parse(text || '{}')
    if (value && typeof value === 'object' && !Array.isArray(value)) return { args: value }
    return { error: `Invalid arguments: expected a JSON object, got ${JSON.stringify(text)}.` }
  } catch {
    return { error: `Invalid arguments: not valid JSON: ${JSON.stringify(text)}.` }
  }
}

/** The `tool/call` data to append for a call, with its arguments' parse remembered for argumentsOf. */
export function recordedCall<T extends { arguments: string }>(data: T, parsed: ParsedArguments): T {
  parsedByCall.set(data, parsed)
  return data
}

/** The parse of a `tool/call` event's arguments: the agent's own when it made the event, else a fresh one. */
export function argumentsOf(data: { arguments: string }): ParsedArguments {
  return parsedByCall.get(data) ?? parseToolArguments(data.arguments)
}
