import { describe, expect, it } from 'vitest'
import type { Coverage, MutantInfo } from './model.ts'
import { hitLimit, orderByKills, planMutants } from './plan.ts'

const mutant = (switchId: string): MutantInfo => ({
  id: `a.ts#${switchId}`,
  switchId,
  file: 'a.ts',
  mutator: 'BooleanLiteral',
  replacement: 'false',
  original: 'true',
  line: 1,
  location: { start: { line: 1, column: 0 }, end: { line: 1, column: 4 } },
})

const coverage: Coverage = {
  perScenario: { slow: { '1': 2 }, quick: { '1': 1, '2': 5 }, other: {} },
  static: { '3': 1 },
  loaded: ['a.ts'],
  durations: { slow: 900, quick: 10, other: 50 },
}

describe('planMutants', () => {
  it('runs a mutant only against the scenarios that reached it, quickest first, with their hits', () => {
    const [one, two] = planMutants([mutant('1'), mutant('2')], coverage, ['slow', 'quick', 'other'])
    expect(one).toMatchObject({ scenarios: ['quick', 'slow'], hits: 3, static: false })
    expect(two).toMatchObject({ scenarios: ['quick'], hits: 5 })
  })

  it('leaves a mutant no scenario reached without scenarios (no coverage)', () => {
    expect(planMutants([mutant('9')], coverage, ['slow'])[0]!.scenarios).toEqual([])
  })

  it('runs a static mutant against every runnable scenario', () => {
    const [plan] = planMutants([mutant('3')], coverage, ['slow', 'quick'])
    expect(plan).toMatchObject({ static: true, scenarios: ['quick', 'slow'] })
  })

  it('does not run a scenario the host could not run, though it reached the mutant', () => {
    expect(planMutants([mutant('1')], coverage, ['quick'])[0]!.scenarios).toEqual(['quick'])
  })
})

describe('orderByKills', () => {
  it('puts scenarios that killed most first and keeps the planned order otherwise', () => {
    expect(
      orderByKills(
        ['a', 'b', 'c'],
        new Map([
          ['c', 2],
          ['b', 1],
        ]),
      ),
    ).toEqual(['c', 'b', 'a'])
    expect(orderByKills(['a', 'b'], new Map())).toEqual(['a', 'b'])
  })
})

it('hitLimit is 100 times the coverage hits, at least 10 000', () => {
  expect(hitLimit(3)).toBe(10_000)
  expect(hitLimit(1000)).toBe(100_000)
})
