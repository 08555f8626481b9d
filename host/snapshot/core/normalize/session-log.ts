// A session log (DESIGN §5) as a committed fixture: envelope noise dropped
// (`seq`, `time`), the header's id/createdAt/cwd made stable, request headers'
// bulky system prompt and tool schemas replaced by `{{system}}` / `{{tools}}`
// (their readable copy lives in the pin's sidecars), typed ids tokenized with
// the run's shared table and the temp cwd replaced everywhere.
import type { NormalizeContext } from './context.ts'
import { parseSessionLog as readSessionLog, type LoggedEvent } from '../../../../plugins/session/log-format.ts'
import { ChunkEventLine, chunkLinesRenderable, matchChunkEvent, renderChunkEvent } from './chunk-lines.ts'
import { isPlainObject } from './json-lines.ts'
import { collectTypedIds, tokenizeInPlace, tokenizeValue } from './tokens.ts'

export const SYSTEM_TOKEN = '{{system}}'
export const TOOLS_TOKEN = '{{tools}}'

/** A session log as parsed objects; live events (with seq/time) and committed fixtures (without) both fit. */
export interface ParsedSessionLog {
  header: Record<string, unknown>
  events: Array<Record<string, unknown>>
  /** Set when parseSessionLog made these objects from text: rendering may then rewrite them instead of copying. */
  parsedHere?: true
}

/** Loosely typed input, so the session plugin's own SessionHeader/SessionEvent objects can be passed as they are. */
export interface SessionLogObjects {
  header: object
  events: readonly object[]
}

/**
 * Read a session log with the session plugin's own reader (live logs and committed fixtures
 * both parse). With `chunkLines`, streamed-delta events stay unparsed (ChunkEventLine) until
 * rendered: for normalizeRun, which only renders them; other callers get plain event objects.
 */
export function parseSessionLog(
  text: string,
  source = 'session log',
  options: { chunkLines?: boolean } = {},
): ParsedSessionLog {
  const recognize = options.chunkLines ? (line: string) => matchChunkEvent(line) as LoggedEvent | undefined : undefined
  const { header, events } = readSessionLog(text, source, { recognize })
  return { header: { ...header }, events: events as unknown as Array<Record<string, unknown>>, parsedHere: true }
}

function asParsed(log: string | SessionLogObjects, source: string | undefined): ParsedSessionLog {
  if (typeof log === 'string') return parseSessionLog(log, source)
  return { header: log.header as Record<string, unknown>, events: log.events as Array<Record<string, unknown>> }
}

/** Register the log's typed ids: the header id first (as a session), then events in order. */
export function collectSessionLogIds(log: ParsedSessionLog, ctx: NormalizeContext): void {
  if (typeof log.header.id === 'string') ctx.tokens.tokenFor('session', log.header.id)
  // A chunk event has no typed id.
  for (const event of log.events) if (!(event instanceof ChunkEventLine)) collectTypedIds(event, ctx.tokens)
}

function normalizeHeader(header: Record<string, unknown>, ctx: NormalizeContext): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(header).map(([key, value]) => {
      if (key === 'id' && typeof value === 'string') return [key, ctx.tokens.tokenFor('session', value)]
      if (key === 'createdAt') return [key, 0]
      // The cwd is the run's temp dir (→ {{cwd}}) or a path under it (→ {{cwd}}/sub).
      if (key === 'cwd' && typeof value === 'string') return [key, ctx.replaceCwd(value)]
      return [key, tokenizeValue(value, ctx.tokens, ctx.replaceCwd)]
    }),
  )
}

function scrubRequestHeader(data: unknown): unknown {
  if (!isPlainObject(data)) return data
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      key === 'system' ? SYSTEM_TOKEN : key === 'tools' ? TOOLS_TOKEN : value,
    ]),
  )
}

function normalizeEvent(event: Record<string, unknown>, ctx: NormalizeContext, parsedHere: boolean): unknown {
  // Envelope noise out, then one tokenizing copy (a plain loop: this runs for every line of a long log).
  const kept: Record<string, unknown> = {}
  for (const key of Object.keys(event)) {
    if (key === 'seq' || key === 'time') continue
    const value = event.type === 'request/header' && key === 'data' ? scrubRequestHeader(event[key]) : event[key]
    if (key === '__proto__')
      Object.defineProperty(kept, key, { value, enumerable: true, writable: true, configurable: true })
    else kept[key] = value
  }
  return parsedHere
    ? tokenizeInPlace(kept, ctx.tokens, ctx.replaceCwd)
    : tokenizeValue(kept, ctx.tokens, ctx.replaceCwd)
}

/** Fixture text for one session log (header line + event lines, final newline). */
export function normalizeSessionLog(log: string | SessionLogObjects, ctx: NormalizeContext, source?: string): string {
  const parsed = asParsed(log, source)
  collectSessionLogIds(parsed, ctx)
  return renderSessionLog(parsed, ctx)
}

/**
 * Fixture text for a log whose ids the context already holds (see normalizeRun). A log that
 * parseSessionLog made is rewritten on the way (render it once).
 */
export function renderSessionLog(parsed: ParsedSessionLog, ctx: NormalizeContext): string {
  const inPlace = parsed.parsedHere === true
  const chunkLines = chunkLinesRenderable(ctx)
  const lines = [JSON.stringify(normalizeHeader(parsed.header, ctx))]
  for (const event of parsed.events) {
    if (event instanceof ChunkEventLine)
      lines.push(
        chunkLines ? renderChunkEvent(event, ctx) : JSON.stringify(normalizeEvent(JSON.parse(event.raw), ctx, true)),
      )
    else lines.push(JSON.stringify(normalizeEvent(event, ctx, inPlace)))
  }
  return `${lines.join('\n')}\n`
}

export interface RequestHeaderContent {
  turn: unknown
  step: unknown
  model: unknown
  reason: unknown
  system: string
  tools: unknown
}

/**
 * The live system prompt and tool schemas of every `request/header` event, in
 * order, for comparison with the pin sidecars. With `ctx`, the temp cwd and
 * known ids inside them are normalized like everything else.
 */
export function extractHeaders(events: readonly object[], ctx?: NormalizeContext): RequestHeaderContent[] {
  const out: RequestHeaderContent[] = []
  for (const event of events as ReadonlyArray<Record<string, unknown>>) {
    if (event.type !== 'request/header' || !isPlainObject(event.data)) continue
    const { turn, step, model, reason, system, tools } = event.data
    if (system === SYSTEM_TOKEN || tools === TOOLS_TOKEN) {
      throw new Error(
        `request/header of turn ${String(turn)} step ${String(step)} is already scrubbed; extract headers from the ` +
          `live log, not the fixture`,
      )
    }
    const normalize = (value: unknown) => (ctx ? tokenizeValue(value, ctx.tokens, ctx.replaceCwd) : value)
    out.push({ turn, step, model, reason, system: String(normalize(system ?? '')), tools: normalize(tools) })
  }
  return out
}
