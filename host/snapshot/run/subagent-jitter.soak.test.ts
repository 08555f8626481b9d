// Subagents' transcripts do not depend on scheduling: the concurrent scenarios replayed 100 times
// with a seeded jitter before every served model chunk (DSH_REPLAY_JITTER, plugins/llm-replay/jitter.ts)
// give one normalized outcome, in process and as a subprocess (docs/scenario-format.md, "Lanes").
import { afterAll, describe, expect, it, vi } from 'vitest'
import { packageRoot } from '../../../lib/package-root.ts'
import { DeterminismTally } from '../core/determinism.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { discoverScenarios } from '../scenario/discover.ts'
import { bootHostComposition } from './host-composition.ts'
import { runScenario } from './run.ts'

const repoRoot = packageRoot
const { scenarios: corpus } = await discoverScenarios(repoRoot)
const CONCURRENT = [
  'subagent-three-parallel',
  'subagent-child-fails',
  'subagent-with-capability',
  'subagent-cancel-parent',
]
const scenarios = corpus.filter((scenario) => CONCURRENT.includes(scenario.name))
const RUNS = 100
const host = await bootHostComposition({ repoRoot, mode: 'replay' })
afterAll(() => host.dispose())

const failures = (outcomes: readonly ScenarioOutcome[]) => outcomes.flatMap((outcome) => outcome.failures)

describe('concurrent subagents under seeded jitter', () => {
  it('the concurrent scenarios exist', () => {
    expect(scenarios.map((scenario) => scenario.name).sort()).toEqual([...CONCURRENT].sort())
  })

  it(`give one normalized outcome in ${RUNS} jittered in-process replays`, async () => {
    const tally = new DeterminismTally()
    for (let seed = 1; seed <= RUNS; seed++) {
      // Read by llm-replay when the scenario's entries start.
      vi.stubEnv('DSH_REPLAY_JITTER', `${seed}:4`)
      const outcomes: ScenarioOutcome[] = []
      for (const scenario of scenarios) outcomes.push(await host.snapshot.runOne(scenario, { repoRoot, corpus }))
      expect(failures(outcomes)).toEqual([])
      tally.add(outcomes)
    }
    expect(tally.report()).toEqual([`runs=${RUNS} distinct=1`])
  }, 240_000)

  it(`give one normalized outcome in ${RUNS} jittered subprocess replays`, async () => {
    const tally = new DeterminismTally()
    const queue = Array.from({ length: RUNS }, (_, index) => index + 1)
    const runs = new Map<number, ScenarioOutcome[]>()
    // Two seeds at a time: the subprocess start dominates and the machine has two cores.
    const worker = async () => {
      for (let seed = queue.shift(); seed; seed = queue.shift()) {
        const outcomes: ScenarioOutcome[] = []
        for (const scenario of scenarios) {
          const environment = { ...scenario.manifest.environment, DSH_REPLAY_JITTER: `${seed}:4` }
          const jittered = { ...scenario, manifest: { ...scenario.manifest, environment } }
          outcomes.push(await runScenario(jittered, { repoRoot, corpus, subprocess: true }))
        }
        runs.set(seed, outcomes)
      }
    }
    await Promise.all([worker(), worker()])
    for (const outcomes of runs.values()) tally.add(outcomes)
    expect(failures([...runs.values()].flat())).toEqual([])
    expect(tally.report()).toEqual([`runs=${RUNS} distinct=1`])
  }, 900_000)
})
