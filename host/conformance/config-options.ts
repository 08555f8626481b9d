// What a session offers the client to configure, read from the wire (pure): the config options of
// its session/new result, replaced by every later set_config_option response and
// config_option_update, and the models a client may pick. The runner's generic steps choose values
// from these, so a case names no agent's own model or mode.
import { type CaseTrace, isRecord } from './trace.ts'

export interface ConfigOption {
  id: string
  category?: string
  currentValue?: string
  /** The value ids of a select option (groups flattened); empty for other types. */
  values: string[]
}

/** The requests of the trace by JSON-RPC id, to pair responses with what they answer. */
function requestsById(trace: CaseTrace): Map<unknown, Record<string, unknown>> {
  const requests = new Map<unknown, Record<string, unknown>>()
  for (const e of trace.wire)
    if (e.dir === 'out' && 'method' in e.message && 'id' in e.message) requests.set(e.message.id, e.message)
  return requests
}

/** The session's result objects and updates in wire order, each with the method it came from. */
function sessionStates(trace: CaseTrace, sessionId: string, beforeSeq: number) {
  const requests = requestsById(trace)
  const states: { method: string; result: Record<string, unknown> }[] = []
  for (const e of trace.wire) {
    if (e.seq >= beforeSeq || e.dir !== 'in') continue
    const m = e.message
    if (m.method === 'session/update' && isRecord(m.params) && m.params.sessionId === sessionId) {
      if (isRecord(m.params.update)) states.push({ method: 'session/update', result: m.params.update })
      continue
    }
    if ('method' in m || !isRecord(m.result)) continue
    const request = requests.get(m.id)
    const params = isRecord(request?.params) ? request.params : {}
    const method = String(request?.method)
    const mine = method === 'session/new' ? m.result.sessionId === sessionId : params.sessionId === sessionId
    if (mine) states.push({ method, result: m.result })
  }
  return states
}

/** The session's config options as last told before `beforeSeq` (default: the whole trace). */
export function configOptionsOf(trace: CaseTrace, sessionId: string, beforeSeq = Infinity): ConfigOption[] {
  let latest: unknown[] | undefined
  for (const { result } of sessionStates(trace, sessionId, beforeSeq))
    if (Array.isArray(result.configOptions)) latest = result.configOptions
  return (latest ?? []).flatMap((option) => {
    const parsed = parseOption(option)
    return parsed ? [parsed] : []
  })
}

export function parseOption(option: unknown): ConfigOption | undefined {
  if (!isRecord(option) || typeof option.id !== 'string') return undefined
  const values = Array.isArray(option.options)
    ? option.options.flatMap((o) => (isRecord(o) && Array.isArray(o.options) ? o.options : [o]))
    : []
  return {
    id: option.id,
    ...(typeof option.category === 'string' ? { category: option.category } : {}),
    ...(typeof option.currentValue === 'string' ? { currentValue: option.currentValue } : {}),
    values: values.flatMap((v) => (isRecord(v) && typeof v.value === 'string' ? [v.value] : [])),
  }
}

/**
 * The models of a session for session/set_model: the unstable `models` state of its session/new
 * result, else the values of its config option of category "model".
 */
export function modelsOf(trace: CaseTrace, sessionId: string): { current?: string; ids: string[] } {
  for (const { method, result } of sessionStates(trace, sessionId, Infinity)) {
    const models = method === 'session/new' && isRecord(result.models) ? result.models : undefined
    if (!models || !Array.isArray(models.availableModels)) continue
    const ids = models.availableModels.flatMap((m) => (isRecord(m) && typeof m.modelId === 'string' ? [m.modelId] : []))
    return { ...(typeof models.currentModelId === 'string' ? { current: models.currentModelId } : {}), ids }
  }
  const option = configOptionsOf(trace, sessionId).find((o) => o.category === 'model')
  return { ...(option?.currentValue !== undefined ? { current: option.currentValue } : {}), ids: option?.values ?? [] }
}

/** A value other than the current one, to make a switch visible; undefined when there is none. */
export const otherValue = (values: readonly string[], current: string | undefined): string | undefined =>
  values.find((v) => v !== current)
