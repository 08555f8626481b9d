// One live composition, many scenarios: 200 runs back to back in one host composition leave no
// listener, timer, file descriptor or child process behind, run on the same services (none
// restarted), and each outcome equals the outcome of the same scenario in a freshly booted
// composition. The same runs hold the corpus's determinism over time: each complete pass over the
// corpus gives one outcome, byte for byte (the bench's determinism part does 100 passes; docs/recording.md).
import { afterAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../../lib/package-root.ts'
import { untraced } from '../../../plugins/config/cordis-compat.ts'
import { bootHostComposition } from '../run/host-composition.ts'
import { runScenario } from '../run/run.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { discoverScenarios } from '../scenario/discover.ts'
import { watchFootprint } from '../test-support/process-footprint.ts'
import { DeterminismTally } from '../core/determinism.ts'

const repoRoot = packageRoot
const { scenarios: corpus } = await discoverScenarios(repoRoot)
const RUNS = 200

/** What must not differ between a shared and a fresh composition (durations do). */
const verdict = (outcome: ScenarioOutcome) => ({
  scenario: outcome.scenario,
  ok: outcome.ok,
  failures: outcome.failures,
  surfaces: outcome.surfaces,
})

describe('one host composition, many scenarios', () => {
  const host = bootHostComposition({ repoRoot, mode: 'replay' })
  afterAll(async () => (await host).dispose())

  it(`runs ${RUNS} scenarios back to back and returns to its baseline, each outcome as in a fresh boot`, async () => {
    const { snapshot, booted } = await host
    const fresh = new Map<string, ReturnType<typeof verdict>>()
    for (const scenario of corpus)
      fresh.set(scenario.name, verdict(await runScenario(scenario, { repoRoot, corpus, mode: 'replay' })))

    // The scenario entries wake at the first scenario and stay up, idle, between scenarios and
    // batches (stage.ts): the baseline is taken with them up, and the same services must serve all runs.
    await snapshot.runOne(corpus[0]!, { repoRoot, corpus, mode: 'replay' })
    // Each read of a service is a fresh tracing proxy: compare the instances behind them.
    const services = () =>
      (['sessions', 'replay', 'agent', 'acp'] as const).map((name) => {
        const service: object | undefined = booted.ctx.get(name)
        return service && untraced(service)
      })
    const awake = services()
    expect(awake.every(Boolean)).toBe(true)
    const footprint = watchFootprint(booted.ctx)
    const scenarios = Array.from({ length: RUNS }, (_, index) => corpus[index % corpus.length]!)
    const ends: string[] = []
    const stop = booted.ctx.on('snapshot/scenario-end', ({ scenario, index }) => ends.push(`${index}:${scenario}`))
    const result = await snapshot.runBatch({ scenarios, corpus, repoRoot, mode: 'replay' })
    stop()
    const leftovers = await footprint.leftovers()

    expect(result.outcomes).toHaveLength(RUNS)
    expect(ends).toEqual(scenarios.map((scenario, index) => `${index + 1}:${scenario.name}`))
    const differing = result.outcomes.filter(
      (outcome) => JSON.stringify(verdict(outcome)) !== JSON.stringify(fresh.get(outcome.scenario)),
    )
    expect(differing.map((outcome) => [outcome.scenario, outcome.failures])).toEqual([])
    expect([...fresh.values()].filter((outcome) => !outcome.ok).map((outcome) => outcome.failures)).toEqual([])
    expect(leftovers).toEqual({ listeners: 0, timers: 0, fds: [], children: [] })
    expect(services().every((service, index) => service === awake[index])).toBe(true)

    const passes = Math.floor(RUNS / corpus.length)
    const tally = new DeterminismTally()
    for (let pass = 0; pass < passes; pass++)
      tally.add(result.outcomes.slice(pass * corpus.length, (pass + 1) * corpus.length))
    expect(result.outcomes.every((outcome) => outcome.surfaces?.transcript.length)).toBe(true)
    expect(tally.report()).toEqual([`runs=${passes} distinct=1`])
  }, 180_000)
})
