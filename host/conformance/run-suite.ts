// The planned cases, `jobs` at a time (default one after another), each with its own agent.
// Stops launching when the run is interrupted, when a case's agent could not be verified gone, when
// it never answered initialize (it cannot start), or when it asked for authentication (every case
// would fail the same way); the cases left are reported as not run.
// Results keep the planned order.
import type { AuthMethodInfo, CaseResult } from './report.ts'
import { runCase, type CaseRunOptions } from './run-case.ts'
import type { PlannedCase } from './select.ts'

interface SuiteRunOptions extends CaseRunOptions {
  /** Runs one case; tests replace it to exercise the stopping rules without processes. */
  runOne?: typeof runCase
  /** Cases running at the same time; >1 needs a temp cwd per case (no --cwd). */
  jobs?: number
  /** Progress, e.g. one stderr line per case. */
  onCaseDone?(result: CaseResult, done: number, total: number): void
}

interface SuiteRunResult {
  results: CaseResult[]
  stoppedEarly?: string
  /** The agent asked for authentication: the methods it advertises. */
  authMethods?: AuthMethodInfo[]
}

export async function runSuite(planned: readonly PlannedCase[], options: SuiteRunOptions): Promise<SuiteRunResult> {
  const results: (CaseResult | undefined)[] = planned.map(() => undefined)
  let stoppedEarly: string | undefined
  let authMethods: AuthMethodInfo[] | undefined
  let next = 0
  let done = 0

  const worker = async () => {
    while (!options.signal.aborted && !stoppedEarly) {
      const index = next++
      const item = planned[index]
      if (item === undefined) break
      const { result, processesGone, agentNotStarted, authRequired } = await (options.runOne ?? runCase)(item, options)
      results[index] = result
      // An agent that asked for auth (even at initialize) says why better than "could not start".
      if (authRequired && !stoppedEarly) {
        stoppedEarly = authRequired.reason
        authMethods = authRequired.methods
      }
      if (agentNotStarted && !stoppedEarly) stoppedEarly = agentNotStarted
      if (!processesGone && !stoppedEarly)
        stoppedEarly =
          `not launched: the agent of case ${item.case.id} could not be verified gone, and a leftover ` +
          `process could disturb later cases`
      options.onCaseDone?.(result, ++done, planned.length)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs ?? 1, planned.length)) }, worker))

  const reason = options.signal.aborted
    ? `interrupted by ${String(options.signal.reason)} before it started`
    : (stoppedEarly ?? 'not started')
  return {
    results: planned.map((item, index) => results[index] ?? notRun(item, reason)),
    ...(stoppedEarly ? { stoppedEarly } : {}),
    ...(authMethods ? { authMethods } : {}),
  }
}

function notRun(item: PlannedCase, reason: string): CaseResult {
  const { id, file, data } = item.case
  return {
    id,
    file,
    title: data.title,
    spec: data.spec,
    required: item.required,
    status: 'not-run',
    durationMs: 0,
    failures: [],
    warnings: [],
    reason,
  }
}
