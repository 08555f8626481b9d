// One scenario, start to finish: prepare the cwd, run it (in-process or as a subprocess),
// normalize both surfaces, judge them, and in record / refresh mode rewrite the fixtures.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { normalizeRun } from '../core/normalize/run.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { compareWorkspace, formatWorkspaceDifferences } from '../env/workspace/compare.ts'
import { assessRun } from '../core/assess.ts'
import type { RawCapture } from '../env/capture.ts'
import { loadExpected } from '../env/expected.ts'
import { runInProcess } from './inprocess.ts'
import type { RunMode } from '../core/fixtures.ts'
import { prepareRun } from '../env/prepare.ts'
import { runSubprocess } from './subprocess.ts'
import type { TestComposition } from './composition.ts'

export interface RunScenarioOptions {
  /** The project folder holding scenarios/. */
  repoRoot: string
  /** The user's composition file and overlays; default `<repoRoot>/cordis.yml` (else the bundle's). */
  composition?: TestComposition
  corpus: readonly LoadedScenario[]
  mode?: RunMode
  subprocess?: boolean
  updateGoldenOnly?: boolean
  /** Per wait; the error names what was awaited. */
  timeoutMs?: number
  /** Extra environment for record mode (the model key and base URL). */
  env?: NodeJS.ProcessEnv
  /** Record against this DeepSeek-wire base URL (the stub endpoint) instead of the configured one. */
  modelBaseUrl?: string
}

export interface ScenarioOutcome {
  scenario: string
  ok: boolean
  failures: string[]
  /** Repository-relative files rewritten (record / refresh). */
  written: string[]
  durationMs: number
  /** The normalized surfaces, for cross-host comparisons. */
  surfaces?: { transcript: string[]; sessionLogs: string[] }
}

export async function runScenario(scenario: LoadedScenario, options: RunScenarioOptions): Promise<ScenarioOutcome> {
  const started = performance.now()
  const mode = options.mode ?? 'replay'
  const done = (
    failures: string[],
    written: string[] = [],
    surfaces?: ScenarioOutcome['surfaces'],
  ): ScenarioOutcome => ({
    scenario: scenario.name,
    ok: failures.length === 0,
    failures,
    written,
    durationMs: performance.now() - started,
    surfaces,
  })
  if (scenario.problems.length) return done(scenario.problems.map((p) => `scenario ${scenario.name}: ${p}`))
  if (mode === 'record' && scenario.manifest.recording === 'authored') {
    return done([
      `scenario ${scenario.name} is authored (written by hand); record mode never rewrites it: use --mode refresh`,
    ])
  }

  try {
    return await runPrepared(scenario, options, mode, done)
  } catch (error) {
    // A broken fixture or an agent that cannot boot fails this scenario, not the whole suite.
    return done([`scenario ${scenario.name}: ${(error as Error)?.message ?? String(error)}`])
  }
}

type Done = (failures: string[], written?: string[], surfaces?: ScenarioOutcome['surfaces']) => ScenarioOutcome

async function runPrepared(
  scenario: LoadedScenario,
  options: RunScenarioOptions,
  mode: RunMode,
  done: Done,
): Promise<ScenarioOutcome> {
  const prepared = {
    ...(await prepareRun(options.repoRoot, scenario, mode)),
    modelBaseUrl: options.modelBaseUrl,
    composition: options.composition,
  }
  try {
    const timeoutMs = options.timeoutMs ?? 10_000
    const capture: RawCapture = options.subprocess
      ? await runSubprocess(prepared, { timeoutMs, env: options.env })
      : await runInProcess(prepared, { timeoutMs, env: options.env })
    const runFailures = [...capture.failures, ...stderrComplaints(scenario.name, capture.stderr ?? '')]
    const failures = [...runFailures]
    let normalized
    try {
      normalized = normalizeRun({
        stdout: capture.stdout,
        sessionLogs: capture.logs,
        cwdPaths: prepared.cwd.aliases,
        label: `scenarios/${scenario.name}`,
        // A restored recording (session.source) holds the fixture's scrubbed headers and gains no new ones.
        extractHeaders: !scenario.manifest.session,
      })
    } catch (error) {
      return done([...failures, `scenario ${scenario.name}: ${(error as Error).message}`])
    }
    const expected = loadExpected(options.repoRoot, scenario, options.corpus)
    const assessment = assessRun({
      scenario: scenario.name,
      dir: scenario.dir,
      mode,
      updateGoldenOnly: options.updateGoldenOnly,
      expected,
      run: normalized,
    })
    failures.push(...assessment.failures)
    if (scenario.manifest.workspace.final) {
      const expectedDir = join(scenario.dir, 'workspace.expected')
      const differences = existsSync(expectedDir)
        ? await compareWorkspace(prepared.cwd.path, expectedDir, { cwdPaths: prepared.cwd.aliases })
        : []
      if (differences.length) failures.push(formatWorkspaceDifferences(scenario.name, differences))
    }
    // A run that failed on its own (a step, replay) never rewrites fixtures: they would pin the failure.
    const written: string[] = []
    if (!runFailures.length) {
      for (const write of assessment.writes) {
        await mkdir(dirname(write.absolute), { recursive: true })
        await writeFile(write.absolute, write.text)
        written.push(write.file)
      }
      for (const stale of assessment.deletes) {
        await rm(stale.absolute, { force: true })
        written.push(`${stale.file} (deleted)`)
      }
    }
    return done(failures, written, { transcript: normalized.transcript, sessionLogs: normalized.sessionLogs })
  } finally {
    await prepared.cleanup()
  }
}

/**
 * A subprocess reports what went wrong on stderr: replay's problems at shutdown
 * (`llm-replay: CODE: …`) and the composition's errors and warnings (`dsh: …`).
 */
function stderrComplaints(scenario: string, stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('llm-replay: ') || line.startsWith('dsh: '))
    .map((line) => `scenario ${scenario}: ${line}`)
}
