// A streamed answer's bytes as SSE events (the recording proxy reads what the provider sent): each
// event's `event:` name and its `data:` lines joined; comments and empty events left out. Pure.

interface WireEvent {
  /** The `event:` field (Anthropic and the Responses API name their events); undefined when absent. */
  name?: string
  data: string
}

/** Every whole event of an SSE text; a last event without its blank line still counts (a closed stream). */
export function sseEvents(text: string): WireEvent[] {
  const events: WireEvent[] = []
  for (const block of text.replaceAll('\r\n', '\n').replaceAll('\r', '\n').split(/\n\n+/)) {
    let name: string | undefined
    const data: string[] = []
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':')
      if (colon === 0 || !line) continue // a comment (`: keep-alive`)
      const field = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') name = value
      else if (field === 'data') data.push(value)
    }
    if (data.length) events.push({ ...(name !== undefined ? { name } : {}), data: data.join('\n') })
  }
  return events
}

/** An answer that cannot be read into a model.yml item: the wire, and what was wrong. */
export class AnswerParseError extends Error {
  override name = 'AnswerParseError'
}

/** Each event's data as JSON, `[DONE]` left out; a data line that is not JSON is an AnswerParseError. */
export function jsonEvents(events: readonly WireEvent[]): Array<{ name?: string; data: Record<string, unknown> }> {
  return events
    .filter((event) => event.data !== '[DONE]')
    .map((event, index) => {
      let data: unknown
      try {
        data = JSON.parse(event.data)
      } catch {
        throw new AnswerParseError(`event ${index + 1} is not JSON: ${event.data.slice(0, 120)}`)
      }
      if (!data || typeof data !== 'object' || Array.isArray(data))
        throw new AnswerParseError(`event ${index + 1} is not a JSON object: ${event.data.slice(0, 120)}`)
      return { ...(event.name !== undefined ? { name: event.name } : {}), data: data as Record<string, unknown> }
    })
}
