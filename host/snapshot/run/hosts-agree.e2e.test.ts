// In-process and subprocess runs of every scenario must give byte-identical normalized
// surfaces (docs/design.md §8). In-process, every scenario runs in one shared host composition (the
// snapshot service reconfigures it between scenarios); the subprocess runs use the built `dsh`.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { discoverScenarios } from '../scenario/discover.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { runScenario } from './run.ts'
import { bootHostComposition } from './host-composition.ts'
import { packageRoot } from '../../../lib/package-root.ts'
import { failureMessages } from '../model/failure.ts'

const repoRoot = packageRoot
const { scenarios: corpus } = await discoverScenarios(repoRoot)
const host = await bootHostComposition({ repoRoot, mode: 'replay' })
afterAll(() => host.dispose())

describe('in-process and subprocess hosts agree', () => {
  it('the built dsh exists (npm ci runs the build)', () => {
    expect(existsSync(join(repoRoot, 'dist', 'host', 'app', 'cli.js'))).toBe(true)
  })

  // One test per scenario, one after another: a slow machine under load stretches the whole run, and a
  // per-scenario timeout names the scenario that hung rather than the corpus (the subprocess start dominates;
  // the other end-to-end files keep the second core busy).
  it.each(corpus.map((scenario) => [scenario.name, scenario] as const))(
    'gives byte-identical surfaces for %s',
    async (_name, scenario) => {
      const options = { repoRoot, corpus }
      const inProcess = await host.snapshot.runOne(scenario, options)
      const subprocess = await runScenario(scenario, { ...options, subprocess: true })
      expect(compare(inProcess, subprocess)).toEqual([])
    },
    60_000,
  )
})

function compare(inProcess: ScenarioOutcome, subprocess: ScenarioOutcome): string[] {
  const name = inProcess.scenario
  const problems = [
    ...failureMessages(inProcess.failures),
    ...failureMessages(subprocess.failures).map((f) => `(subprocess) ${f}`),
  ]
  if (!inProcess.surfaces || !subprocess.surfaces) return [...problems, `${name}: a run produced no surfaces`]
  if (inProcess.surfaces.transcript.join('\n') !== subprocess.surfaces.transcript.join('\n'))
    problems.push(`${name}: transcripts differ between in-process and subprocess`)
  if (inProcess.surfaces.sessionLogs.join('\n') !== subprocess.surfaces.sessionLogs.join('\n'))
    problems.push(`${name}: session logs differ between in-process and subprocess`)
  return problems
}
