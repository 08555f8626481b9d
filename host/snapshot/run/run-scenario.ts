// One scenario, start to finish, judged the CLI's way: execute it, assess both surfaces against
// the committed fixtures, and in record / refresh mode rewrite them (or write pending copies).
import type { RunMode } from '../core/fixtures.ts'
import { assessRun, type SurfaceMismatch } from '../core/assess.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { removeObsoleteFixtures, writeAssessment } from '../env/write-fixtures.ts'
import { executeScenario, type ExecuteOptions } from './execute-scenario.ts'

export interface RunScenarioOptions extends Omit<ExecuteOptions, 'mode'> {
  mode?: RunMode
  /** record / refresh: write `<file>.new` beside each fixture that would change instead (docs/review.md). */
  pending?: boolean
}

export type ScenarioHost = 'in-process' | 'subprocess'

export interface ScenarioOutcome {
  scenario: string
  ok: boolean
  failures: string[]
  /** Repository-relative files rewritten (record / refresh). */
  written: string[]
  durationMs: number
  mode: RunMode
  host: ScenarioHost
  /** Surfaces that differ from their committed files (for side-by-side reports). */
  mismatches: SurfaceMismatch[]
  /** The normalized surfaces, for cross-host comparisons and reports. */
  surfaces?: { transcript: string[]; sessionLogs: string[] }
}

/** The outcome of a scenario that failed before it could run (no key, no model script, …). */
export function failedBeforeRun(
  scenario: string,
  mode: RunMode,
  subprocess: boolean | undefined,
  failures: string[],
): ScenarioOutcome {
  return {
    scenario,
    ok: false,
    failures,
    written: [],
    durationMs: 0,
    mode,
    host: subprocess ? 'subprocess' : 'in-process',
    mismatches: [],
  }
}

export async function runScenario(scenario: LoadedScenario, options: RunScenarioOptions): Promise<ScenarioOutcome> {
  const started = performance.now()
  const mode = options.mode ?? 'replay'
  const done = (
    failures: string[],
    more: Partial<Pick<ScenarioOutcome, 'written' | 'mismatches' | 'surfaces'>> = {},
  ): ScenarioOutcome => ({
    scenario: scenario.name,
    ok: failures.length === 0,
    failures,
    written: more.written ?? [],
    durationMs: performance.now() - started,
    mode,
    host: options.subprocess ? 'subprocess' : 'in-process',
    mismatches: more.mismatches ?? [],
    surfaces: more.surfaces,
  })
  if (scenario.problems.length) return done(scenario.problems.map((p) => `scenario ${scenario.name}: ${p}`))
  if (mode === 'record' && scenario.manifest.recording === 'authored') {
    return done([
      `scenario ${scenario.name} is authored (written by hand); record mode never rewrites it: use --mode refresh`,
    ])
  }

  try {
    const execution = await executeScenario(scenario, { ...options, mode })
    const { runFailures, normalized } = execution
    if (!normalized) return done(runFailures)
    const assessment = assessRun({
      scenario: scenario.name,
      dir: scenario.dir,
      mode,
      expected: execution.expected,
      run: normalized,
    })
    const failures = [...runFailures, ...assessment.failures, ...execution.workspaceFailures]
    // A run that failed on its own (a step, replay) never rewrites fixtures: they would pin the failure.
    const written: string[] = []
    if (!runFailures.length) {
      const result = await writeAssessment(scenario.name, assessment, { pending: options.pending })
      written.push(...result.written)
      failures.push(...result.problems)
      if (mode !== 'replay' && !options.pending) {
        const removed = await removeObsoleteFixtures(options.repoRoot, scenario.dir, scenario.manifest)
        written.push(...removed.map((file) => `${file} (deleted: obsolete)`))
      }
    }
    return done(failures, {
      written,
      mismatches: assessment.mismatches,
      surfaces: { transcript: normalized.transcript, sessionLogs: normalized.sessionLogs },
    })
  } catch (error) {
    // A broken fixture or an agent that cannot boot fails this scenario, not the whole suite.
    return done([`scenario ${scenario.name}: ${(error as Error)?.message ?? String(error)}`])
  }
}
