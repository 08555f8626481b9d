// Judge one run: normalize both surfaces, compare them (and the final workspace) with the
// committed fixtures, and in record / refresh mode rewrite what the assessment says to.
import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { assessRun } from '../core/assess.ts'
import type { RunMode } from '../core/fixtures.ts'
import { normalizeRun } from '../core/normalize/run.ts'
import type { RawCapture } from '../env/capture.ts'
import { loadExpected } from '../env/expected.ts'
import type { PreparedRun } from '../env/prepare.ts'
import { compareWorkspace, formatWorkspaceDifferences } from '../env/workspace/compare.ts'
import type { LoadedScenario } from '../scenario/discover.ts'

export interface JudgeOptions {
  repoRoot: string
  corpus: readonly LoadedScenario[]
  mode: RunMode
  updateGoldenOnly?: boolean
}

export interface Judgement {
  failures: string[]
  written: string[]
  surfaces?: { transcript: string[]; sessionLogs: string[] }
}

export async function judgeRun(prepared: PreparedRun, capture: RawCapture, options: JudgeOptions): Promise<Judgement> {
  const { scenario } = prepared
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
    return { failures: [...failures, `scenario ${scenario.name}: ${(error as Error).message}`], written: [] }
  }
  const assessment = assessRun({
    scenario: scenario.name,
    dir: scenario.dir,
    mode: options.mode,
    updateGoldenOnly: options.updateGoldenOnly,
    expected: loadExpected(options.repoRoot, scenario, options.corpus),
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
  return { failures, written, surfaces: { transcript: normalized.transcript, sessionLogs: normalized.sessionLogs } }
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
