// Runs a case's steps with the shared script runner (lib/acp-script/), as the conformance
// client: each step is recorded into the trace with its span on the wire, waits are bounded by
// the case's timeouts and the run's signal, and an error an `error` check names is expected.
// The first step that goes wrong (an unexpected error, a timeout) stops the case. Once
// initialize is answered, a case whose `requires` the agent does not advertise stops as not
// applicable, and --authenticate sends its method before the next step.
import * as acp from '@agentclientprotocol/sdk'
import { ScriptStepFailure, settle } from '../../lib/acp-script/outcome.ts'
import type { QuestionInbox } from '../../lib/acp-script/questions.ts'
import { ScriptRunner } from '../../lib/acp-script/runner.ts'
import type { ScriptClient, StepState, WaitKind } from '../../lib/acp-script/step-kind.ts'
import { AUTH_REQUIRED, type AuthAttempt, authMethodsOf, describeMethods } from './auth-gate.ts'
import { waitBounded } from './bounded-wait.ts'
import { rpcError } from './check-text.ts'
import { missingRequirement, NotApplicableError } from './requires.ts'
import { CASE_STEPS, type CaseStep } from './case-steps.ts'
import type { TraceRecorder } from './recorder.ts'
import type { CaseHost } from './steps/case-host.ts'
import type { StepRecord } from './trace.ts'

export interface CaseTimeouts {
  startMs: number
  requestMs: number
  updateMs: number
  settleMs: number
}

const DEFAULT_TIMEOUTS: CaseTimeouts = { startMs: 30_000, requestMs: 30_000, updateMs: 10_000, settleMs: 10_000 }

/** A case's timeouts: its own over the defaults, each multiplied by --timeout-scale. */
export function scaledTimeouts(own: Partial<CaseTimeouts> | undefined, scale: number): CaseTimeouts {
  const base: CaseTimeouts = { ...DEFAULT_TIMEOUTS, ...own }
  return {
    startMs: base.startMs * scale,
    requestMs: base.requestMs * scale,
    updateMs: base.updateMs * scale,
    settleMs: base.settleMs * scale,
  }
}

interface StepContext {
  agent: acp.ClientContext
  recorder: TraceRecorder
  timeouts: CaseTimeouts
  signal: AbortSignal
  /** What initialize advertises (the case's `client`). */
  capabilities?: acp.ClientCapabilities
  /** The suite folder (scenarios/conformance/): a case's relative MCP server paths resolve against it. */
  suiteDir?: string
  /** Names of steps an error check expects to fail. */
  expectedErrors: ReadonlySet<string>
  /** Called just before session/cancel is sent (answers held permission requests). */
  beforeCancel?(sessionId: string): void
  /** The agent's questions, held for answerQuestion steps. */
  questions?: QuestionInbox
  /** Called once initialize has been answered (the runner looks at the agent's process tree then). */
  afterInitialize?(): void
  /** The case's `requires`: what initialize must advertise for the case to apply. */
  requires?: readonly string[]
  /** --authenticate: sent after initialize; its outcome is recorded here. */
  auth?: AuthAttempt
}

export async function runSteps(steps: readonly CaseStep[], ctx: StepContext): Promise<void> {
  await new ScriptRunner(CASE_STEPS, caseScriptClient(ctx)).run(steps)
}

function caseScriptClient(ctx: StepContext): ScriptClient<CaseHost> {
  const { recorder, timeouts, signal } = ctx
  const trace = recorder.trace
  return {
    agent: ctx.agent,
    cwd: trace.cwd,
    ...(ctx.suiteDir ? { scriptDir: ctx.suiteDir } : {}),
    ...(ctx.questions ? { questions: ctx.questions } : {}),
    host: { recorder, signal },
    wait: <T>(promise: Promise<T>, kind: WaitKind, what: string) =>
      waitBounded(promise, timeouts[`${kind}Ms`], `${what} (${kind}Ms)`, signal),
    initializeParams: () => ({
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: ctx.capabilities ?? {},
      clientInfo: { name: 'dsh-conformance', version: '1' },
    }),
    sessions: trace.sessions,
    expectsFailure: (state) => state.as !== undefined && ctx.expectedErrors.has(state.as),
    unexpectedErrorHint: (state) => unexpectedErrorHint(state, ctx),
    beforeCancel: ctx.beforeCancel,
    stepStarted: (state) => {
      trace.steps.push(Object.assign(state, { startSeq: recorder.mark() }))
    },
    stepEnded: async (state) => {
      ;(state as StepRecord).endSeq = recorder.mark()
      if (state.op !== 'initialize') return
      trace.initialize = state.outcome
      ctx.afterInitialize?.()
      if (state.outcome?.kind !== 'ok') return
      const notApplicable = missingRequirement(ctx.requires, state.outcome.result)
      if (notApplicable) throw new NotApplicableError(notApplicable)
      if (ctx.auth) await authenticate(ctx, ctx.auth)
    },
  }
}

/** What to do about an auth_required answer: use --authenticate, or another method, or set the agent up. */
function authHint(ctx: StepContext): string {
  const methods = authMethodsOf(ctx.recorder.trace)
  const asks = `the agent asks for authentication (auth_required); it advertises ${describeMethods(methods)}`
  if (!methods.length) return `${asks}: set it up as its documentation says (a key, a login), then run again`
  if (ctx.auth) return `${asks}: --authenticate ${ctx.auth.methodId} did not satisfy it; try another method`
  return `${asks}: run with --authenticate METHOD`
}

/** --authenticate: the method, sent once initialize is answered; a refusal stops the case. */
async function authenticate(ctx: StepContext, attempt: AuthAttempt): Promise<void> {
  const response = ctx.agent.request(acp.methods.agent.authenticate, { methodId: attempt.methodId })
  const what = `the response to --authenticate ${attempt.methodId} (requestMs)`
  attempt.outcome = await waitBounded(settle(response), ctx.timeouts.requestMs, what, ctx.signal)
  if (attempt.outcome.kind === 'error')
    throw new ScriptStepFailure(
      `--authenticate ${attempt.methodId}: authenticate failed with ${rpcError(attempt.outcome.error)}; the agent ` +
        `advertises ${describeMethods(authMethodsOf(ctx.recorder.trace))}`,
    )
}

function unexpectedErrorHint(state: StepState, ctx: StepContext): string {
  const code = state.outcome?.kind === 'error' ? state.outcome.error.code : undefined
  if (code === AUTH_REQUIRED) return authHint(ctx)
  // No code (the connection closed, the agent died): an error check has nothing to match.
  if (typeof code !== 'number')
    return (
      'the request failed without a JSON-RPC error code (the connection closed or the agent died), ' +
      'which no "error" check can match: fix the agent, or add "expectError" to the step'
    )
  const fix =
    state.as !== undefined
      ? `add {"check": "error", "step": ${JSON.stringify(state.as)}, "codes": [${code}]}`
      : 'name the step with "as" and add an error check for it'
  return `if the case expects this error, ${fix} (or "expectError" to the step)`
}
