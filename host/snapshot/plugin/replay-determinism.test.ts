// Determinism over time: the whole corpus replayed several times in one live host composition
// (the snapshot service) gives byte-identical surfaces every time. The bench's determinism part
// does the same 100 times (docs/recording.md); a few runs keep this cheap enough for npm test.
import { afterAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../../lib/package-root.ts'
import { DeterminismTally } from '../core/determinism.ts'
import { bootHostComposition } from '../run/host-composition.ts'
import { discoverScenarios } from '../scenario/discover.ts'
import { pinsFirst } from './select.ts'

const repoRoot = packageRoot
const RUNS = 3

describe('replaying the corpus again and again', () => {
  const host = bootHostComposition({ repoRoot, mode: 'replay' })
  afterAll(async () => (await host).dispose())

  it(`gives one outcome, byte for byte, over ${RUNS} runs in one process`, async () => {
    const { snapshot } = await host
    const { scenarios: corpus } = await discoverScenarios(repoRoot)
    const scenarios = pinsFirst(corpus)
    const tally = new DeterminismTally()
    for (let run = 0; run < RUNS; run++) {
      const { outcomes } = await snapshot.runBatch({ scenarios, corpus, repoRoot, mode: 'replay' })
      expect(outcomes.filter((o) => !o.ok).map((o) => [o.scenario, o.failures])).toEqual([])
      expect(outcomes.every((o) => o.surfaces?.transcript.length)).toBe(true)
      tally.add(outcomes)
    }
    expect(tally.report()).toEqual([`runs=${RUNS} distinct=1`])
    expect(tally.runs).toBe(RUNS)
  }, 120_000)
})
