// The one way in to running scenarios (docs/layout.md, "the path of one scenario"). `dsh test`,
// `dsh/host`, `dsh new --from-session` and the tests call runScenarios: a project's scenarios in a
// mode. The vitest front, the e2e tests and the bench call runScenario: one scenario they loaded.
// The mode decides what runs: replay, record and refresh run the selection (run-suite.ts); the
// record modes that choose first (record-modes.ts); verify-live, a record judged by structure
// (verify-live.ts).
import { resolve } from 'node:path'
import type { LoadedScenario } from '../scenario/discover.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import type { SuiteMode } from '../model/modes.ts'
import type { RunScenarioOptions } from '../service/play-scenario.ts'
import type { SnapshotService } from '../service/service.ts'
import { resolveComposition, type CompositionChoice } from './composition.ts'
import { withHostComposition } from './host-composition.ts'
import { type ChoosingOptions, recordDrifted, recordMissing, recordStale, replayWarningStale } from './record-modes.ts'
import { runSuite, type SuiteOptions, type SuiteResult } from './run-suite.ts'
import { playInSubprocess } from './subprocess.ts'
import { verifyLive } from './verify-live.ts'

export type { SuiteResult } from './run-suite.ts'

export interface RunScenariosOptions
  extends CompositionChoice,
    Omit<SuiteOptions, 'repoRoot' | 'composition' | 'mode'> {
  /** The folder holding `scenarios/`; default the process cwd. `config` and `patches` are relative to the cwd. */
  root?: string
  mode?: SuiteMode
  /** What record-missing / record-drifted / record-stale will record, and replay's stale warnings, line by line. */
  onPlan?(lines: string[]): void
}

/** Run the selected scenarios (all by default) in `mode` (default replay); never throws for a failing scenario. */
export async function runScenarios(options: RunScenariosOptions = {}): Promise<SuiteResult> {
  const { root = '.', config, patches, mode = 'replay', ...rest } = options
  const repoRoot = resolve(root)
  const composition = resolveComposition({ config, patches }, repoRoot, process.cwd())
  return inMode(mode, { ...rest, repoRoot, composition })
}

function inMode(mode: SuiteMode, options: ChoosingOptions): Promise<SuiteResult> {
  if (mode === 'record-missing') return recordMissing(options)
  if (mode === 'record-drifted') return recordDrifted(options)
  if (mode === 'record-stale') return recordStale(options)
  if (mode === 'replay') return replayWarningStale(options)
  const { onPlan: _, ...suite } = options
  if (mode === 'verify-live') return verifyLive(suite)
  return runSuite({ ...suite, mode })
}

export interface OneScenarioOptions extends RunScenarioOptions {
  /** The snapshot service to run it in (a vitest file's scenarios share one); default: one booted for this call. */
  service?: () => Promise<SnapshotService>
}

/**
 * One scenario already loaded (with its corpus): in process through a snapshot service (the one
 * given, else one booted for this call: host-composition.ts), or as a `dsh` subprocess. Both play
 * and judge it the same way (service/play-scenario.ts).
 */
export async function runScenario(scenario: LoadedScenario, options: OneScenarioOptions): Promise<ScenarioOutcome> {
  const { service, ...run } = options
  if (run.subprocess) return playInSubprocess(scenario, run)
  if (service) return (await service()).runOne(scenario, run)
  const { repoRoot, composition, mode = 'replay' } = run
  return withHostComposition({ repoRoot, composition, mode }, (host) => host.snapshot.runOne(scenario, run))
}
