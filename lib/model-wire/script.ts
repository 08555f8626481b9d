// The stub endpoint's script format: plain JSON data, so record mode and fixtures can
// store scripts as files. One item answers one request, in order.
import { z } from 'zod'

/**
 * One SSE event. An object is sent as `data: <json>`; a string is written verbatim
 * (for malformed lines, comments like `: keep-alive`, or custom `event:` fields).
 * Either way a blank line follows, ending the event.
 */
export const SseEvent = z.union([z.record(z.string(), z.unknown()), z.string()])
export type SseEvent = z.infer<typeof SseEvent>

/** How an `sse` item ends once its events are written. */
export const SseEnd = z.enum([
  'done', //       `data: [DONE]`, then end the response (the normal case)
  'close', //      end the response cleanly without `[DONE]`
  'disconnect', // destroy the socket (a connection reset mid-stream)
  'hang', //       keep the response open until the client closes it
])
export type SseEnd = z.infer<typeof SseEnd>

export const SseItem = z.strictObject({
  kind: z.literal('sse'),
  events: z.array(SseEvent),
  /** Wait this long before each event (to observe streaming, or race an abort). */
  delayMs: z.number().int().nonnegative().optional(),
  /**
   * Write each event in separate network writes cut inside every multi-byte UTF-8 character,
   * so its bytes arrive in two reads (as on a real connection); default: one write per event.
   */
  splitCharacters: z.boolean().optional(),
  /**
   * Fill `prompt_tokens` of every event's `usage` from the request, as the real API counts
   * its prompt (see token-cut.ts); default: the usage is sent as scripted.
   */
  promptTokensFromRequest: z.boolean().optional(),
  end: SseEnd.optional(),
})
export type SseItem = z.infer<typeof SseItem>

/** Answer with an HTTP error: an object body is sent as JSON, a string body verbatim as text. */
export const ErrorItem = z.strictObject({
  kind: z.literal('error'),
  status: z.number().int().min(400).max(599),
  body: z.union([z.record(z.string(), z.unknown()), z.string()]),
  /** A `Retry-After` header, in seconds (a rate limit or an overloaded server asking the client to wait). */
  retryAfter: z.number().int().nonnegative().optional(),
})
export type ErrorItem = z.infer<typeof ErrorItem>

/** Never answer (no status line) until the client closes the connection. */
export const HangItem = z.strictObject({ kind: z.literal('hang') })
export type HangItem = z.infer<typeof HangItem>

export const StubScriptItem = z.discriminatedUnion('kind', [SseItem, ErrorItem, HangItem])
export type StubScriptItem = z.infer<typeof StubScriptItem>

export const StubScript = z.array(StubScriptItem)

/** Validate items (e.g. loaded from a JSON file); the error names the offending item. */
export function parseScriptItems(items: unknown[], where = 'stub script'): StubScriptItem[] {
  return items.map((item, index) => {
    const result = StubScriptItem.safeParse(item)
    if (result.success) return result.data
    const issue = result.error.issues[0]
    const path = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
    throw new Error(
      `${where}: item ${index} is invalid (${issue?.message ?? 'unknown problem'}${path}); see ` +
        `lib/model-wire/script.ts for the format`,
    )
  })
}

/** The bytes of one SSE event. */
export function formatSseEvent(event: SseEvent): string {
  return typeof event === 'string' ? `${event}\n\n` : `data: ${JSON.stringify(event)}\n\n`
}

export const DONE_EVENT = 'data: [DONE]\n\n'
