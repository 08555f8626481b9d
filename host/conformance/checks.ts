// The checks (pure): each looks at a finished case's trace and returns why it failed, or
// undefined. Messages say what was expected, what was seen, and where to look.
import type { CaseCheck } from './case-schema.ts'
import { expandCwd } from '../../lib/cwd-spellings.ts'
import { checkClientTerminal, checkReverseCalls } from './reverse-calls.ts'
import {
  describeStep,
  promptExchange,
  stepByName,
  updatesOf,
  updateTexts,
  type CaseTrace,
  type UpdateRecord,
} from './trace.ts'

type Check<K extends CaseCheck['check']> = Extract<CaseCheck, { check: K }>
interface Window {
  session?: string
  from?: string
  through?: string
}

const show = (value: unknown, max = 120) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
const list = (items: readonly unknown[], max = 4) =>
  items.length
    ? items
        .slice(0, max)
        .map((i) => show(i))
        .join(', ') + (items.length > max ? `, … (${items.length} in all)` : '')
    : 'none'

/** Updates selected by a check's session/from/through, or why they cannot be selected. */
export function windowUpdates(
  trace: CaseTrace,
  window: Window,
): { updates: UpdateRecord[]; label: string } | { problem: string } {
  const parts: string[] = []
  let sessionId: string | undefined
  if (window.session !== undefined) {
    sessionId = trace.sessions.get(window.session)
    if (sessionId === undefined)
      return { problem: `session ${JSON.stringify(window.session)} has no id (its newSession did not succeed)` }
    parts.push(`for session ${window.session}`)
  }
  let after = -Infinity
  let before = Infinity
  if (window.from !== undefined) {
    const step = stepByName(trace, window.from)
    if (!step) return { problem: `step ${JSON.stringify(window.from)} never ran` }
    after = step.startSeq
    parts.push(`from ${describeStep(step)}`)
  }
  if (window.through !== undefined) {
    const step = stepByName(trace, window.through)
    if (!step) return { problem: `step ${JSON.stringify(window.through)} never ran` }
    before = step.endSeq ?? Infinity
    parts.push(`through ${describeStep(step)}`)
  }
  const updates = updatesOf(trace).filter(
    (u) => u.seq > after && u.seq < before && (sessionId === undefined || u.sessionId === sessionId),
  )
  return { updates, label: ['updates', ...parts].join(' ') }
}

/** The text of the selected updates: consecutive chunks of one kind are joined (words are split across chunks). */
export function windowText(updates: readonly UpdateRecord[], kind?: string): string[] {
  const texts: string[] = []
  let run: { kind: string; text: string } | undefined
  for (const u of updates) {
    if (kind !== undefined && u.kind !== kind) continue
    const parts = updateTexts(u.update)
    if (u.kind.endsWith('_chunk')) {
      if (run?.kind === u.kind) run.text += parts.join('')
      else {
        run = { kind: u.kind, text: parts.join('') }
        texts.push('')
      }
      texts[texts.length - 1] = run.text
    } else {
      run = undefined
      texts.push(...parts)
    }
  }
  return texts
}

export function evaluateCheck(check: CaseCheck, trace: CaseTrace): string | undefined {
  switch (check.check) {
    case 'protocolVersion': {
      const init = trace.initialize
      if (!init) return 'initialize never answered'
      if (init.kind === 'error') return `initialize failed with ${init.error.code}: ${init.error.message}`
      const version = (init.result as { protocolVersion?: unknown } | null)?.protocolVersion
      return Number.isInteger(version)
        ? undefined
        : `initialize answered protocolVersion ${show(version)}; it must be an integer (e.g. 1)`
    }
    case 'sessionId': {
      const id = trace.sessions.get(check.session)
      const step = stepByName(trace, check.session)
      if (step?.outcome?.kind === 'error')
        return (
          `newSession ${JSON.stringify(check.session)} failed with ${step.outcome.error.code}: ` +
          `${step.outcome.error.message}`
        )
      const sent = (step?.outcome as { result?: { sessionId?: unknown } } | undefined)?.result?.sessionId
      if (typeof id !== 'string' || id.length === 0)
        return (
          `session/new for ${JSON.stringify(check.session)} answered sessionId ${show(id ?? sent)}; it must be ` +
          `a non-empty string`
        )
      const same = (check.differentFrom ?? []).filter((other) => trace.sessions.get(other) === id)
      return same.length
        ? `session ${JSON.stringify(check.session)} got the id ${show(id)}, the same as ${list(same)}; every ` +
            `session needs its own id`
        : undefined
    }
    case 'stopReason':
      return stopReason(check, trace)
    case 'updateCount': {
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
    case 'updatesNameSession': {
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
    case 'updateText': {
      const selected = windowUpdates(trace, check)
      if ('problem' in selected) return selected.problem
      const texts = windowText(selected.updates, check.kind)
      if (texts.some((t) => t.includes(check.includes))) return undefined
      return (
        `no ${check.kind ? `${check.kind} ` : ''}${selected.label} include ${show(check.includes)}; their text ` +
        `was ${texts.length ? show(texts.join(' | '), 300) : 'empty'}`
      )
    }
    case 'updateKinds': {
      const selected = windowUpdates(trace, check)
      if ('problem' in selected) return selected.problem
      const seen = kindsOf(selected.updates)
      const missing = check.include.filter((k) => !seen.includes(k))
      return missing.length ? `${selected.label} lack ${list(missing)}; kinds seen: ${list(seen, 20)}` : undefined
    }
    case 'toolCalls':
      return toolCalls(check, trace)
    case 'error':
      return expectedError(check, trace)
    case 'clientFile': {
      const matching = trace.fileOps.filter(
        (op) => op.op === check.op && op.relative === check.path && op.outcome === check.outcome,
      )
      const min = check.min ?? 1
      if (matching.length >= min) return undefined
      const seen = trace.fileOps.map((op) => `${op.op} ${op.relative ?? op.path} → ${op.outcome}`)
      return (
        `expected ${min === 1 ? 'an' : `at least ${min}`} ` +
        `fs/${check.op === 'read' ? 'read' : 'write'}_text_file of ${check.path} answered "${check.outcome}", got ` +
        `${matching.length}; client file operations seen: ${list(seen, 8)}`
      )
    }
    case 'workspaceFile': {
      const content = trace.workspace.get(check.path)
      const exists = check.exists ?? true
      if (!exists)
        return content === undefined
          ? undefined
          : `${check.path} exists in the case cwd but should not (content ${show(content)})`
      if (content === undefined) return `${check.path} does not exist in the case cwd`
      if (check.contains !== undefined && !content.includes(check.contains))
        return `${check.path} does not contain ${show(check.contains)}; it holds ${show(content, 200)}`
      return undefined
    }
    case 'permissionRequests': {
      const sessionId = check.session !== undefined ? trace.sessions.get(check.session) : undefined
      if (check.session !== undefined && sessionId === undefined)
        return `session ${JSON.stringify(check.session)} has no id (its newSession did not succeed)`
      const count = trace.permissions.filter((p) => sessionId === undefined || p.sessionId === sessionId).length
      const where = check.session !== undefined ? ` for session ${check.session}` : ''
      if (check.min !== undefined && count < check.min)
        return `expected at least ${check.min} permission request(s)${where}, got ${count}`
      if (check.max !== undefined && count > check.max)
        return (
          `expected at most ${check.max} permission request(s)${where}, got ${count} (answers: ` +
          `${list(trace.permissions.map((p) => p.answer))})`
        )
      return undefined
    }
    case 'noLateUpdates':
      return noLateUpdates(check, trace)
    case 'reverseCalls':
      return checkReverseCalls(check, trace)
    case 'clientTerminal':
      return checkClientTerminal(check, trace)
  }
}

function kindsOf(updates: readonly UpdateRecord[]): string[] {
  return [...new Set(updates.map((u) => u.kind))]
}

function stopReason(check: Check<'stopReason'>, trace: CaseTrace): string | undefined {
  const step = stepByName(trace, check.prompt)
  if (!step?.outcome) return `prompt ${JSON.stringify(check.prompt)} has no response`
  if (step.outcome.kind === 'error')
    return (
      `${describeStep(step)} failed with ${step.outcome.error.code}: ${step.outcome.error.message}; expected ` +
      `stopReason ${list(check.in)}`
    )
  const reason = (step.outcome.result as { stopReason?: unknown } | null)?.stopReason
  return check.in.includes(reason as never)
    ? undefined
    : `${describeStep(step)} ended with stopReason ${show(reason)}; expected ` +
        `${check.in.length > 1 ? 'one of ' : ''}${list(check.in)}`
}

function expectedError(check: Check<'error'>, trace: CaseTrace): string | undefined {
  const step = stepByName(trace, check.step)
  const want = `an error with code ${check.codes.join(' or ')}`
  if (!step?.outcome)
    return `${step ? describeStep(step) : JSON.stringify(check.step)} has no response; expected ${want}`
  if (step.outcome.kind === 'ok')
    return `${describeStep(step)} succeeded with ${show(step.outcome.result)}; expected ${want}`
  const { code, message } = step.outcome.error
  if (code === undefined || !check.codes.includes(code))
    return (
      `${describeStep(step)} failed with code ${code}; expected ${check.codes.join(' or ')} (message: ` +
      `${show(message)})`
    )
  const missing = (check.words ?? [])
    .map((w) => expandCwd(w, trace.cwd))
    .filter((w) => !message.toLowerCase().includes(w.toLowerCase()))
  return missing.length
    ? `${describeStep(step)} error message ${show(message, 300)} does not mention ${list(missing)}`
    : undefined
}

function noLateUpdates(check: Check<'noLateUpdates'>, trace: CaseTrace): string | undefined {
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
  return `${late.length} update(s) for the session of ${describeStep(step)} arrived after its response (${late
    .slice(0, 3)
    .map((u) => `${u.kind} +${entry(u.seq) - response} ms`)
    .join(', ')}); an agent must send every update of a turn before answering session/prompt`
}

function toolCalls(check: Check<'toolCalls'>, trace: CaseTrace): string | undefined {
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
      `expected at least ${min} tool_call update(s) in ${selected.label}, got ${calls.size} (kinds seen: ` +
      `${list(kindsOf(selected.updates))})`
    )
  const wrong = [...calls].filter(([, status]) => !check.end.includes(status as never))
  return wrong.length
    ? `tool call(s) ${wrong.map(([id, status]) => `${show(id)} ended ${status ?? 'without a status'}`).join(', ')}; ` +
        `expected ${list(check.end)}`
    : undefined
}
