// A session log (docs/design.md §5) as a committed fixture: envelope noise dropped
// (`seq`, `time`), the header's id/createdAt/cwd made stable, request headers'
// bulky system prompt and tool schemas replaced by `{{system}}` / `{{tools}}`
// (their readable copy lives in the pin's sidecars), typed ids tokenized with
// the run's shared table and the temp cwd replaced everywhere.
import type { NormalizeContext } from './context.ts'
import { isPlainObject } from './json-lines.ts'
import { collectTypedIds, tokenizeValue } from './tokens.ts'

const SYSTEM_TOKEN = '{{system}}'
const TOOLS_TOKEN = '{{tools}}'

/**
 * A session log as objects: the store's own header and events in process, the lines the subprocess
 * host parsed from its log files. Loosely typed so both fit; never changed here.
 */
export interface SessionLogObjects {
  header: object
  events: readonly object[]
}

/** Register the log's typed ids: the header id first (as a session), then events in order. */
export function collectSessionLogIds(log: SessionLogObjects, ctx: NormalizeContext): void {
  const id = (log.header as { id?: unknown }).id
  if (typeof id === 'string') ctx.tokens.tokenFor('session', id)
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
  // Envelope noise out, then one tokenizing copy (a plain loop: this runs for every line of a long log).
  const kept: Record<string, unknown> = {}
  for (const key of Object.keys(event)) {
    if (key === 'seq' || key === 'time') continue
    const value = event.type === 'request/header' && key === 'data' ? scrubRequestHeader(event[key]) : event[key]
    if (key === '__proto__')
      Object.defineProperty(kept, key, { value, enumerable: true, writable: true, configurable: true })
    else kept[key] = value
  }
  return tokenizeValue(kept, ctx.tokens, ctx.replaceCwd)
}

/** Fixture text for a log whose ids the context already holds (see normalizeRun): header line, event lines. */
export function renderSessionLog(log: SessionLogObjects, ctx: NormalizeContext): string {
  const lines = [JSON.stringify(normalizeHeader(log.header as Record<string, unknown>, ctx))]
  for (const event of log.events) lines.push(JSON.stringify(normalizeEvent(event as Record<string, unknown>, ctx)))
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
