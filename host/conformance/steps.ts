// Runs a case's steps against a connected agent, in order, recording each into the trace.
// The first step that goes wrong (an unexpected error, a timeout) stops the case.
import * as acp from '@agentclientprotocol/sdk'
import { waitBounded, sleepBounded } from './bounded-wait.ts'
import type { CaseStep } from './case-schema.ts'
import { windowUpdates } from './checks.ts'
import { reverseRequests } from './reverse-calls.ts'
import type { TraceRecorder } from './recorder.ts'
import { describeStep, type RequestOutcome, type RpcErrorInfo, type StepRecord } from './trace.ts'
import { expandCwdDeep } from '../../lib/cwd-spellings.ts'

export interface CaseTimeouts {
  startMs: number
  requestMs: number
  updateMs: number
  settleMs: number
}

export const DEFAULT_TIMEOUTS: CaseTimeouts = { startMs: 30_000, requestMs: 30_000, updateMs: 10_000, settleMs: 10_000 }

export interface StepContext {
  agent: acp.ClientContext
  recorder: TraceRecorder
  timeouts: CaseTimeouts
  signal: AbortSignal
  /** Names of steps an error check expects to fail. */
  expectedErrors: ReadonlySet<string>
  /** Called just before session/cancel is sent (answers held permission requests). */
  beforeCancel?(sessionId: string): void
}

/** A step did not do what the case says; the message names the step and what to do. */
export class StepFailure extends Error {
  override name = 'StepFailure'
}

export function errorInfo(error: unknown): RpcErrorInfo {
  if (error instanceof acp.RequestError)
    return { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) }
  const record = error as { code?: unknown; message?: unknown } | undefined
  return {
    code: typeof record?.code === 'number' ? record.code : undefined,
    message: typeof record?.message === 'string' ? record.message : String(error),
  }
}

const settle = (request: Promise<unknown>): Promise<RequestOutcome> =>
  request.then(
    (result) => ({ kind: 'ok', result }),
    (error) => ({ kind: 'error', error: errorInfo(error) }),
  )

export async function runSteps(steps: readonly CaseStep[], ctx: StepContext): Promise<void> {
  const { agent, recorder, timeouts, signal } = ctx
  const trace = recorder.trace
  const background = new Map<string, { record: StepRecord; outcome: Promise<RequestOutcome> }>()
  const sessionOf = (step: { session?: string; sessionId?: string }) =>
    step.sessionId ?? trace.sessions.get(step.session!)!

  /** Accepts an outcome, or fails the case when it is an error nobody expected. */
  const judge = (record: StepRecord, outcome: RequestOutcome) => {
    record.outcome = outcome
    if (outcome.kind === 'ok' || (record.as !== undefined && ctx.expectedErrors.has(record.as))) return
    const { code, message } = outcome.error
    const fix =
      record.as !== undefined
        ? `add {"check": "error", "step": ${JSON.stringify(record.as)}, "codes": [${code}]}`
        : 'name the step with "as" and add an error check for it'
    throw new StepFailure(
      `${describeStep(record)} failed with ${code ?? 'no code'}: ${message}; if the case expects this error, ${fix}`,
    )
  }

  for (const [index, step] of steps.entries()) {
    const record: StepRecord = {
      index,
      op: step.op,
      ...(step.as !== undefined ? { as: step.as } : {}),
      startSeq: recorder.mark(),
    }
    trace.steps.push(record)
    const label = describeStep(record)
    switch (step.op) {
      case 'newSession': {
        const params = expandCwdDeep(
          step.params ?? { cwd: '{{cwd}}', mcpServers: [] },
          trace.cwd,
        ) as acp.NewSessionRequest
        const outcome = await waitBounded(
          settle(agent.request(acp.methods.agent.session.new, params)),
          timeouts.requestMs,
          `the response to ${label} (requestMs)`,
          signal,
        )
        if (outcome.kind === 'ok') {
          const id = (outcome.result as { sessionId?: unknown } | null)?.sessionId
          if (typeof id === 'string') {
            trace.sessions.set(step.as, id)
            record.sessionId = id
          }
        }
        judge(record, outcome)
        break
      }
      case 'prompt':
      case 'promptBackground': {
        record.sessionId = sessionOf(step)
        const prompt = step.content
          ? (expandCwdDeep(step.content, trace.cwd) as acp.ContentBlock[])
          : [{ type: 'text' as const, text: step.text! }]
        const outcome = settle(agent.request(acp.methods.agent.session.prompt, { sessionId: record.sessionId, prompt }))
        if (step.op === 'promptBackground') {
          background.set(step.as, { record, outcome })
          break
        }
        judge(record, await waitBounded(outcome, timeouts.requestMs, `the response to ${label} (requestMs)`, signal))
        break
      }
      case 'awaitBackground': {
        const pending = background.get(step.prompt)!
        const outcome = await waitBounded(
          pending.outcome,
          timeouts.settleMs,
          `background ${describeStep(pending.record)} to settle (settleMs)`,
          signal,
        )
        judge(pending.record, outcome)
        break
      }
      case 'cancel':
        record.sessionId = sessionOf(step)
        ctx.beforeCancel?.(record.sessionId)
        await agent.notify(acp.methods.agent.session.cancel, { sessionId: record.sessionId })
        break
      case 'sleep':
        await sleepBounded(step.ms, signal)
        break
      case 'waitUpdates': {
        const count = () => {
          const selected = windowUpdates(trace, { session: step.session, from: step.from })
          return 'problem' in selected ? 0 : selected.updates.length
        }
        const what =
          `${step.min} ` +
          `update(s)${step.session ? ` for session ${step.session}` : ''}` +
          `${step.from ? ` since step ${JSON.stringify(step.from)}` : ''} in ${label} (updateMs)`
        await waitForCount(ctx, count, step.min, what)
        break
      }
      case 'waitTerminal': {
        const min = step.min ?? 1
        const count = () => reverseRequests(trace, 'terminal/create').length
        await waitForCount(ctx, count, min, `${min} terminal/create request(s) in ${label} (updateMs)`)
        break
      }
      case 'waitPermission': {
        const sessionId = step.session !== undefined ? trace.sessions.get(step.session) : undefined
        const count = () => permissionRequestsOnWire(trace, sessionId)
        const min = step.min ?? 1
        await waitForCount(
          ctx,
          count,
          min,
          `${min} permission request(s)${step.session ? ` for session ${step.session}` : ''} in ${label} (updateMs)`,
        )
        break
      }
    }
    record.endSeq = recorder.mark()
  }
}

/** session/request_permission requests on the wire (they are counted before any answer). */
function permissionRequestsOnWire(trace: StepContext['recorder']['trace'], sessionId: string | undefined): number {
  return trace.wire.filter(
    (e) =>
      e.dir === 'in' &&
      e.message.method === 'session/request_permission' &&
      'id' in e.message &&
      (sessionId === undefined || (e.message.params as { sessionId?: unknown } | undefined)?.sessionId === sessionId),
  ).length
}

/** Waits (up to updateMs) until count() reaches min, re-counting on every recorded message. */
async function waitForCount(ctx: StepContext, count: () => number, min: number, what: string): Promise<void> {
  let unsubscribe = () => {}
  const enough = new Promise<void>((resolve) => {
    if (count() >= min) return resolve()
    unsubscribe = ctx.recorder.onMessage(() => {
      if (count() >= min) resolve()
    })
  })
  try {
    await waitBounded(enough, ctx.timeouts.updateMs, what, ctx.signal)
  } catch (error) {
    if (error instanceof Error && error.name === 'WaitTimeoutError') error.message += ` (${count()} arrived)`
    throw error
  } finally {
    unsubscribe()
  }
}
