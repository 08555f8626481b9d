// The planned cases, one after another. Stops launching when the run is interrupted or when a
// case's agent could not be verified gone; the cases left are reported as not run.
import type { CaseResult } from './report.ts'
import { runCase, type CaseRunOptions } from './run-case.ts'
import type { PlannedCase } from './select.ts'

export interface SuiteRunOptions extends CaseRunOptions {
  /** Progress, e.g. one stderr line per case. */
  onCaseDone?(result: CaseResult, position: number, total: number): void
}

export interface SuiteRunResult {
  results: CaseResult[]
  stoppedEarly?: string
}

export async function runSuite(planned: readonly PlannedCase[], options: SuiteRunOptions): Promise<SuiteRunResult> {
  const results: CaseResult[] = []
  let stoppedEarly: string | undefined
  for (const [index, item] of planned.entries()) {
    const skip = options.signal.aborted ? `interrupted by ${String(options.signal.reason)} before it started` : stoppedEarly
    if (skip) {
      results.push({ id: item.case.id, file: item.case.file, title: item.case.data.title, spec: item.case.data.spec, required: item.required, status: 'not-run', durationMs: 0, failures: [], warnings: [], reason: skip })
      continue
    }
    const { result, processesGone } = await runCase(item, options)
    results.push(result)
    if (!processesGone) stoppedEarly = `not launched: the agent of case ${item.case.id} could not be verified gone, and a leftover process could disturb later cases`
    options.onCaseDone?.(result, index + 1, planned.length)
  }
  return { results, ...(stoppedEarly ? { stoppedEarly } : {}) }
}
