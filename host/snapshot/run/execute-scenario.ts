// One scenario run, without judging it: prepare the cwd, run it (in-process or as a subprocess),
// normalize both surfaces, compare the final workspace, and load the committed side. The CLI judges
// the result with assessRun (run-scenario.ts); the vitest front end judges it with vitest's own
// file snapshots (vitest/scenario-test.ts).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { normalizeRun, type NormalizedRun } from '../core/normalize/run.ts'
import type { ExpectedFixtures, RunMode } from '../core/fixtures.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { compareWorkspace, formatWorkspaceDifferences } from '../env/workspace/compare.ts'
import type { RawCapture } from '../env/capture.ts'
import { loadExpected } from '../env/expected.ts'
import { prepareRun } from '../env/prepare.ts'
import { runInProcess } from './inprocess.ts'
import { runSubprocess } from './subprocess.ts'
import type { TestComposition } from './composition.ts'

export interface ExecuteOptions {
  /** The project folder holding scenarios/. */
  repoRoot: string
  /** The user's composition file and overlays; default `<repoRoot>/cordis.yml` (else the bundle's). */
  composition?: TestComposition
  corpus: readonly LoadedScenario[]
  mode: RunMode
  subprocess?: boolean
  /** Per wait; the error names what was awaited. */
  timeoutMs?: number
  /** Extra environment for record mode (the model key and base URL). */
  env?: NodeJS.ProcessEnv
  /** Record against this DeepSeek-wire base URL (the stub endpoint) instead of the configured one. */
  modelBaseUrl?: string
}

export interface ScenarioExecution {
  /** What went wrong in the run itself (a step, replay, the process, normalizing): fixtures are never written then. */
  runFailures: string[]
  /** The final cwd against workspace.expected/ (a judged surface, not a run failure). */
  workspaceFailures: string[]
  /** Undefined when the output could not be normalized (runFailures says why). */
  normalized?: NormalizedRun
  expected: ExpectedFixtures
}

export async function executeScenario(scenario: LoadedScenario, options: ExecuteOptions): Promise<ScenarioExecution> {
  const prepared = {
    ...(await prepareRun(options.repoRoot, scenario, options.mode)),
    modelBaseUrl: options.modelBaseUrl,
    composition: options.composition,
  }
  try {
    const timeoutMs = options.timeoutMs ?? 10_000
    const capture: RawCapture = options.subprocess
      ? await runSubprocess(prepared, { timeoutMs, env: options.env })
      : await runInProcess(prepared, { timeoutMs, env: options.env })
    const runFailures = [...capture.failures, ...stderrComplaints(scenario.name, capture.stderr ?? '')]
    const expected = loadExpected(options.repoRoot, scenario, options.corpus)
    let normalized: NormalizedRun
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
      runFailures.push(`scenario ${scenario.name}: ${(error as Error).message}`)
      return { runFailures, workspaceFailures: [], expected }
    }
    const workspaceFailures: string[] = []
    if (scenario.manifest.workspace.final) {
      const expectedDir = join(scenario.dir, 'workspace.expected')
      const differences = existsSync(expectedDir)
        ? await compareWorkspace(prepared.cwd.path, expectedDir, { cwdPaths: prepared.cwd.aliases })
        : []
      if (differences.length) workspaceFailures.push(formatWorkspaceDifferences(scenario.name, differences))
    }
    return { runFailures, workspaceFailures, normalized, expected }
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
