// Checks of the session/update stream: counts, kinds, text, which session each update names,
// tool calls and their ends, and updates that arrive after their turn's response.
import type { CaseCheck } from './case-schema.ts'
import { list, show } from './check-text.ts'
import { describeStep, promptExchange, stepByName, updatesOf, type CaseTrace } from './trace.ts'
import { kindsOf, windowText, windowUpdates } from './update-window.ts'
import { plural, noun } from '../../lib/plural.ts'

type Check<K extends CaseCheck['check']> = Extract<CaseCheck, { check: K }>

export function updateCount(check: Check<'updateCount'>, trace: CaseTrace): string | undefined {
  const selected = windowUpdates(trace, check)
  if ('problem' in selected) return selected.problem
  const matching = check.kind ? selected.updates.filter((u) => u.kind === check.kind) : selected.updates
  const what = `${check.kind ? `${check.kind} ` : ''}${selected.label}`
  if (matching.length < check.min)
    return (
      `expected at least ${check.min} ${what}, got ${matching.length} (kinds seen: ` +
      `${list(kindsOf(selected.updates))})`
    )
  if (check.max !== undefined && matching.length > check.max)
    return `expected at most ${check.max} ${what}, got ${matching.length}`
  return undefined
}

export function updatesNameSession(check: Check<'updatesNameSession'>, trace: CaseTrace): string | undefined {
  if (check.session !== undefined && !trace.sessions.has(check.session))
    return `session ${JSON.stringify(check.session)} has no id (its newSession did not succeed)`
  const allowed = check.session !== undefined ? [trace.sessions.get(check.session)] : [...trace.sessions.values()]
  // Select by window only: the session is what is being asserted here, not a filter.
  const all = windowUpdates(trace, { from: check.from, through: check.through })
  if ('problem' in all) return all.problem
  const wrong = all.updates.filter((u) => !allowed.includes(u.sessionId as string))
  if (!wrong.length) return undefined
  const expected =
    check.session !== undefined
      ? `session ${check.session} (${show(allowed[0])})`
      : `a session created in this case (${list(allowed)})`
  return `${wrong.length} of ${all.updates.length} ${all.label} do not name ${expected}: ${wrong
    .slice(0, 3)
    .map((u) => `#${u.seq} ${u.kind} names ${show(u.sessionId)}`)
    .join('; ')}`
}

export function updateText(check: Check<'updateText'>, trace: CaseTrace): string | undefined {
  const selected = windowUpdates(trace, check)
  if ('problem' in selected) return selected.problem
  const texts = windowText(selected.updates, check.kind)
  if (texts.some((t) => t.includes(check.includes))) return undefined
  return (
    `no ${check.kind ? `${check.kind} ` : ''}${selected.label} include ${show(check.includes)}; their text ` +
    `was ${texts.length ? show(texts.join(' | '), 300) : 'empty'}`
  )
}

export function updateKinds(check: Check<'updateKinds'>, trace: CaseTrace): string | undefined {
  const selected = windowUpdates(trace, check)
  if ('problem' in selected) return selected.problem
  const seen = kindsOf(selected.updates)
  const missing = check.include.filter((k) => !seen.includes(k))
  return missing.length ? `${selected.label} lack ${list(missing)}; kinds seen: ${list(seen, 20)}` : undefined
}

export function noLateUpdates(check: Check<'noLateUpdates'>, trace: CaseTrace): string | undefined {
  const step = stepByName(trace, check.prompt)
  if (!step) return `prompt ${JSON.stringify(check.prompt)} never ran`
  const exchange = promptExchange(trace, step)
  if (exchange?.responseSeq === undefined) return `${describeStep(step)} has no response on the wire`
  const next = trace.wire.find(
    (e) =>
      e.dir === 'out' &&
      e.seq > exchange.responseSeq! &&
      e.message.method === 'session/prompt' &&
      (e.message.params as { sessionId?: unknown } | undefined)?.sessionId === step.sessionId,
  )
  const late = updatesOf(trace).filter(
    (u) => u.sessionId === step.sessionId && u.seq > exchange.responseSeq! && u.seq < (next?.seq ?? Infinity),
  )
  if (!late.length) return undefined
  const entry = (seq: number) => trace.wire.find((e) => e.seq === seq)!.at
  const response = entry(exchange.responseSeq)
  return `${plural(late.length, 'update')} for the session of ${describeStep(step)} arrived after its response (${late
    .slice(0, 3)
    .map((u) => `${u.kind} +${entry(u.seq) - response} ms`)
    .join(', ')}); an agent must send every update of a turn before answering session/prompt`
}

export function toolCalls(check: Check<'toolCalls'>, trace: CaseTrace): string | undefined {
  const selected = windowUpdates(trace, check)
  if ('problem' in selected) return selected.problem
  const calls = new Map<unknown, string | undefined>()
  for (const u of selected.updates) {
    if (u.kind === 'tool_call')
      calls.set(u.update.toolCallId, typeof u.update.status === 'string' ? u.update.status : undefined)
    else if (u.kind === 'tool_call_update' && calls.has(u.update.toolCallId) && typeof u.update.status === 'string')
      calls.set(u.update.toolCallId, u.update.status)
  }
  const min = check.min ?? 1
  if (calls.size < min)
    return (
      `expected at least ${plural(min, 'tool_call update')} in ${selected.label}, got ${calls.size} (kinds seen: ` +
      `${list(kindsOf(selected.updates))})`
    )
  const wrong = [...calls].filter(([, status]) => !check.end.includes(status as never))
  return wrong.length
    ? `${noun(wrong.length, 'tool call')} ` +
        `${wrong.map(([id, status]) => `${show(id)} ended ${status ?? 'without a status'}`).join(', ')}; ` +
        `expected ${list(check.end)}`
    : undefined
}
