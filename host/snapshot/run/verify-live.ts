// `dsh test --mode verify-live` (docs/verify-live.md): record the selection against the live model
// (the profile's own adapters, with their own keys) in a shadow of the project, so nothing of the
// project is written, then judge each live run by its structural agreement with the
// committed recording and by the scenario's `expect:` rules (core/structure.ts), not its wording.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkExpectations, compareStructure, type ExpectRule, type RunSurfaces } from '../core/structure.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { discoverScenarios } from '../scenario/discover.ts'
import { GOLDEN_TRANSCRIPT } from '../core/fixture-files.ts'
import { runSuite, type SuiteOptions, type SuiteResult } from './run-suite.ts'
import { failure } from '../model/failure.ts'

export async function verifyLive(options: Omit<SuiteOptions, 'mode'>): Promise<SuiteResult> {
  const { scenarios } = await discoverScenarios(options.repoRoot, { names: options.names })
  const rules = new Map(scenarios.map((s) => [s.name, s.manifest.expect as ExpectRule[]]))
  const shadow = shadowProject(options.repoRoot)
  try {
    const { onResult, ...rest } = options
    const live = await runSuite({
      ...rest,
      repoRoot: shadow,
      mode: 'record',
      stub: false,
      pending: false,
      keepSurfaces: true,
    })
    const outcomes = live.outcomes.map((outcome) => {
      const judged = judgeLive(options.repoRoot, outcome, rules.get(outcome.scenario) ?? [])
      onResult?.(judged)
      return judged
    })
    return { ...live, outcomes, removed: [] }
  } finally {
    rmSync(shadow, { recursive: true, force: true })
  }
}

/** The live run's outcome, judged by structure: nothing it wrote (in the shadow) is reported as written. */
function judgeLive(repoRoot: string, outcome: ScenarioOutcome, rules: readonly ExpectRule[]): ScenarioOutcome {
  if (!outcome.surfaces) return { ...outcome, written: [] }
  const live: RunSurfaces = { logs: outcome.surfaces.sessionLogs, transcript: outcome.surfaces.transcript }
  const where = `scenario ${outcome.scenario}: verify-live`
  const problems = [
    ...compareStructure(committedSurfaces(repoRoot, outcome.scenario), live),
    ...checkExpectations(rules, live),
  ].map((problem) => failure('verify-live', outcome.scenario, `${where}: ${problem}`))
  // The record run's own failures (a step, the final workspace against workspace.expected/) stay.
  const failures = [...outcome.failures, ...problems]
  return { ...outcome, ok: failures.length === 0, failures, written: [] }
}

function committedSurfaces(repoRoot: string, name: string): RunSurfaces {
  const dir = join(repoRoot, 'scenarios', name)
  const logs = readdirSync(dir)
    .filter((file) => /^session(\.\d+)?\.jsonl$/.test(file))
    .sort((a, b) => ordinal(a) - ordinal(b))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
  const golden = join(dir, GOLDEN_TRANSCRIPT)
  const transcript = existsSync(golden) ? readFileSync(golden, 'utf8').split('\n').filter(Boolean) : []
  return { logs, transcript }
}

const ordinal = (file: string) => Number(/^session\.(\d+)\.jsonl$/.exec(file)?.[1] ?? 0)

/**
 * A temp folder that stands for the project: every top-level entry linked, but scenarios/ a copy,
 * so the recording writes its fixtures and manifests there and the project stays as it was.
 */
function shadowProject(repoRoot: string): string {
  const shadow = mkdtempSync(join(tmpdir(), 'dsh-verify-live-'))
  for (const entry of readdirSync(repoRoot)) {
    if (entry === 'scenarios')
      cpSync(join(repoRoot, entry), join(shadow, entry), { recursive: true, verbatimSymlinks: true })
    else symlinkSync(join(repoRoot, entry), join(shadow, entry))
  }
  return shadow
}
