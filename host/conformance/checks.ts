// The checks (pure): each looks at a finished case's trace and returns why it failed, or
// undefined. Messages say what was expected, what was seen, and where to look. One evaluator per
// check kind; the update-stream checks are in update-checks.ts.
import type { CaseCheck } from './case-schema.ts'
import { expandCwd } from '../../lib/cwd-spellings.ts'
import { list, rpcError, show } from './check-text.ts'
import { advertised } from './advertised.ts'
import { configOptionError, configOptionResponse } from './config-option-checks.ts'
import { messageIds } from './message-id-checks.ts'
import { checkClientTerminal, checkReverseCalls } from './reverse-calls.ts'
import { subagentSessions } from './subagent-checks.ts'
import { describeStep, stepByName, type CaseTrace } from './trace.ts'
import { noLateUpdates, toolCalls, updateCount, updateKinds, updatesNameSession, updateText } from './update-checks.ts'
import { plural } from '../../lib/plural.ts'

type Check<K extends CaseCheck['check']> = Extract<CaseCheck, { check: K }>
type Evaluators = { [K in CaseCheck['check']]: (check: Check<K>, trace: CaseTrace) => string | undefined }

function protocolVersion(_check: Check<'protocolVersion'>, trace: CaseTrace): string | undefined {
  const init = trace.initialize
  if (!init) return 'initialize never answered'
  if (init.kind === 'error') return `initialize failed with ${rpcError(init.error)}`
  const version = (init.result as { protocolVersion?: unknown } | null)?.protocolVersion
  return Number.isInteger(version)
    ? undefined
    : `initialize answered protocolVersion ${show(version)}; it must be an integer (e.g. 1)`
}

function sessionId(check: Check<'sessionId'>, trace: CaseTrace): string | undefined {
  const id = trace.sessions.get(check.session)
  const step = stepByName(trace, check.session)
  if (step?.outcome?.kind === 'error')
    return `newSession ${JSON.stringify(check.session)} failed with ${rpcError(step.outcome.error)}`
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

function clientFile(check: Check<'clientFile'>, trace: CaseTrace): string | undefined {
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

function workspaceFile(check: Check<'workspaceFile'>, trace: CaseTrace): string | undefined {
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

function permissionRequests(check: Check<'permissionRequests'>, trace: CaseTrace): string | undefined {
  const sessionId = check.session !== undefined ? trace.sessions.get(check.session) : undefined
  if (check.session !== undefined && sessionId === undefined)
    return `session ${JSON.stringify(check.session)} has no id (its newSession did not succeed)`
  const count = trace.permissions.filter((p) => sessionId === undefined || p.sessionId === sessionId).length
  const where = check.session !== undefined ? ` for session ${check.session}` : ''
  if (check.min !== undefined && count < check.min)
    return `expected at least ${plural(check.min, 'permission request')}${where}, got ${count}`
  if (check.max !== undefined && count > check.max)
    return (
      `expected at most ${plural(check.max, 'permission request')}${where}, got ${count} (answers: ` +
      `${list(trace.permissions.map((p) => p.answer))})`
    )
  return undefined
}

function stopReason(check: Check<'stopReason'>, trace: CaseTrace): string | undefined {
  const step = stepByName(trace, check.prompt)
  if (!step?.outcome) return `prompt ${JSON.stringify(check.prompt)} has no response`
  if (step.outcome.kind === 'error')
    return (
      `${describeStep(step)} failed with ${rpcError(step.outcome.error)}; expected ` + `stopReason ${list(check.in)}`
    )
  const reason = (step.outcome.result as { stopReason?: unknown } | null)?.stopReason
  return check.in.includes(reason as never)
    ? undefined
    : `${describeStep(step)} ended with stopReason ${show(reason)}; expected ` +
        `${check.in.length > 1 ? 'one of ' : ''}${list(check.in)}`
}

/** `{{session:s1}}` in an error check's words: the id session s1 got (an error names the session it refused). */
export const SESSION_WORD = /\{\{session:([A-Za-z][A-Za-z0-9_-]*)\}\}/g

const expandSessionIds = (word: string, trace: CaseTrace): string =>
  word.replace(SESSION_WORD, (whole, name: string) => trace.sessions.get(name) ?? whole)

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
      `${describeStep(step)} failed with ${rpcError(step.outcome.error)}; ` +
      `expected code ${check.codes.join(' or ')}`
    )
  const missing = (check.words ?? [])
    .map((w) => expandSessionIds(expandCwd(w, trace.cwd), trace))
    .filter((w) => !message.toLowerCase().includes(w.toLowerCase()))
  return missing.length
    ? `${describeStep(step)} error message ${show(message, 300)} does not mention ${list(missing)}` +
        (step.outcome.error.data !== undefined ? ` (error data: ${show(step.outcome.error.data, 300)})` : '')
    : undefined
}

const EVALUATORS: Evaluators = {
  protocolVersion,
  advertised,
  sessionId,
  stopReason,
  updateCount,
  updatesNameSession,
  updateText,
  updateKinds,
  toolCalls,
  error: expectedError,
  clientFile,
  workspaceFile,
  permissionRequests,
  noLateUpdates,
  reverseCalls: checkReverseCalls,
  clientTerminal: checkClientTerminal,
  subagentSessions,
  messageIds,
  configOptionResponse,
  configOptionError,
}

export function evaluateCheck(check: CaseCheck, trace: CaseTrace): string | undefined {
  return (EVALUATORS[check.check] as (check: CaseCheck, trace: CaseTrace) => string | undefined)(check, trace)
}
