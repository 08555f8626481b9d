// A session log (DESIGN §5) as a committed fixture: envelope noise dropped
// (`seq`, `time`), the header's id/createdAt/cwd made stable, request headers'
// bulky system prompt and tool schemas replaced by `{{system}}` / `{{tools}}`
// (their readable copy lives in the pin's sidecars), typed ids tokenized with
// the run's shared table and the temp cwd replaced everywhere.
import type { NormalizeContext } from './context.ts'
import { parseSessionLog as readSessionLog } from '../../../../plugins/session/log-format.ts'
import { formatJsonLines, isPlainObject } from './json-lines.ts'
import { collectTypedIds, tokenizeValue } from './tokens.ts'

export const SYSTEM_TOKEN = '{{system}}'
export const TOOLS_TOKEN = '{{tools}}'

/** A session log as parsed objects; live events (with seq/time) and committed fixtures (without) both fit. */
export interface ParsedSessionLog {
  header: Record<string, unknown>
  events: Array<Record<string, unknown>>
}

/** Loosely typed input, so the session plugin's own SessionHeader/SessionEvent objects can be passed as they are. */
export interface SessionLogObjects {
  header: object
  events: readonly object[]
}

/** Read a session log with the session plugin's own reader (live logs and committed fixtures both parse). */
export function parseSessionLog(text: string, source = 'session log'): ParsedSessionLog {
  const { header, events } = readSessionLog(text, source)
  return { header: { ...header }, events: events as unknown as Array<Record<string, unknown>> }
}

function asParsed(log: string | SessionLogObjects, source: string | undefined): ParsedSessionLog {
  if (typeof log === 'string') return parseSessionLog(log, source)
  return { header: log.header as Record<string, unknown>, events: log.events as Array<Record<string, unknown>> }
}

/** Register the log's typed ids: the header id first (as a session), then events in order. */
export function collectSessionLogIds(log: ParsedSessionLog, ctx: NormalizeContext): void {
  if (typeof log.header.id === 'string') ctx.tokens.tokenFor('session', log.header.id)
  for (const event of log.events) collectTypedIds(event, ctx.tokens)
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

function normalizeEvent(event: Record<string, unknown>, ctx: NormalizeContext): unknown {
  const kept = Object.entries(event).filter(([key]) => key !== 'seq' && key !== 'time')
  const withScrubbedHeader = kept.map(([key, value]) => [
    key,
    event.type === 'request/header' && key === 'data' ? scrubRequestHeader(value) : value,
  ])
  return tokenizeValue(Object.fromEntries(withScrubbedHeader), ctx.tokens, ctx.replaceCwd)
}

/** Fixture text for one session log (header line + event lines, final newline). */
export function normalizeSessionLog(log: string | SessionLogObjects, ctx: NormalizeContext, source?: string): string {
  const parsed = asParsed(log, source)
  collectSessionLogIds(parsed, ctx)
  return renderSessionLog(parsed, ctx)
}

/** Fixture text for a log whose ids the context already holds (see normalizeRun). */
export function renderSessionLog(parsed: ParsedSessionLog, ctx: NormalizeContext): string {
  return formatJsonLines([
    normalizeHeader(parsed.header, ctx),
    ...parsed.events.map((event) => normalizeEvent(event, ctx)),
  ])
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
        `request/header of turn ${String(turn)} step ${String(step)} is already scrubbed; extract headers from the live log, not the fixture`,
      )
    }
    const normalize = (value: unknown) => (ctx ? tokenizeValue(value, ctx.tokens, ctx.replaceCwd) : value)
    out.push({ turn, step, model, reason, system: String(normalize(system ?? '')), tools: normalize(tools) })
  }
  return out
}
