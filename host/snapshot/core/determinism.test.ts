import { describe, expect, it } from 'vitest'
import { DeterminismTally } from './determinism.ts'

type SurfaceOutcome = Parameters<DeterminismTally['add']>[0][number]

const outcome = (scenario: string, transcript: string[], ok = true): SurfaceOutcome => ({
  scenario,
  ok,
  surfaces: { transcript, sessionLogs: [`{"log":"${scenario}"}\n`] },
})

describe('DeterminismTally', () => {
  it('counts identical runs as one outcome, whatever the order of scenarios', () => {
    const tally = new DeterminismTally()
    tally.add([outcome('a', ['x']), outcome('b', ['y'])])
    tally.add([outcome('b', ['y']), outcome('a', ['x'])])
    tally.add([outcome('a', ['x']), outcome('b', ['y'])])
    expect(tally.report()).toEqual(['runs=3 distinct=1'])
  })

  it('counts a changed byte, a changed verdict and a missing scenario as new outcomes, naming run and scenario', () => {
    const tally = new DeterminismTally()
    tally.add([outcome('a', ['x']), outcome('b', ['y'])])
    tally.add([outcome('a', ['x']), outcome('b', ['y '])])
    tally.add([outcome('a', ['x'], false), outcome('b', ['y'])])
    tally.add([outcome('a', ['x']), outcome('b', ['y '])])
    tally.add([outcome('a', ['x'])])
    expect(tally.report()).toEqual([
      'runs=5 distinct=4',
      'run 2 differs from run 1 in: b',
      'run 3 differs from run 1 in: a',
      'run 5 differs from run 1 in: b',
    ])
  })

  it('tells a transcript line break apart from a line boundary', () => {
    const tally = new DeterminismTally()
    tally.add([outcome('a', ['x', 'y'])])
    tally.add([outcome('a', ['x\ny'])])
    expect(tally.distinct).toBe(2)
  })
})
