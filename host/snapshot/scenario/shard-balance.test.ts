import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../../../lib/package-root.ts'
import { listScenarioNames, shardOf } from './select.ts'
import { balancedShardOf, readDurations } from './shard-balance.ts'

const corpus = listScenarioNames(packageRoot)
const generated = Array.from({ length: 500 }, (_, i) => `gen-${(i * 7919) % 1000}-${i}`)
// Durations from 1 ms to about 2 s, skewed, with a quarter of the names unknown to the report.
const durationsOf = (names: string[]) =>
  new Map(names.filter((_, i) => i % 4).map((name, i) => [name, ((i * 37) % 101) ** 2 / 5 + 1]))

function shards(names: string[], count: number, durations?: Map<string, number>): string[][] {
  return Array.from({ length: count }, (_, i) =>
    durations ? balancedShardOf(names, { index: i + 1, count }, durations) : shardOf(names, { index: i + 1, count }),
  )
}

describe('shards add up', () => {
  for (const [label, names] of [
    ['the corpus', corpus],
    ['a generated corpus of 500 names', generated],
  ] as const)
    for (const balanced of [false, true])
      it(`${label}, ${balanced ? 'balanced by durations' : 'by name'}: the union is the corpus, none twice`, () => {
        expect(names.length).toBeGreaterThan(40)
        for (const count of [1, 2, 3, 5, 8]) {
          const split = shards([...names], count, balanced ? durationsOf([...names]) : undefined)
          const all = split.flat()
          expect(new Set(all).size).toBe(all.length)
          expect([...all].sort()).toEqual([...names].sort())
        }
      })
})

describe('balancedShardOf', () => {
  it('is stable: the input order does not matter', () => {
    const durations = durationsOf(generated)
    const reversed = [...generated].reverse()
    for (const index of [1, 2, 3])
      expect(balancedShardOf(reversed, { index, count: 3 }, durations)).toEqual(
        balancedShardOf(generated, { index, count: 3 }, durations),
      )
  })

  it('balances time: the slowest shard is within one scenario of the mean, where a split by name is not', () => {
    const names = Array.from({ length: 40 }, (_, i) => `s-${String(i).padStart(2, '0')}`)
    // The first ten by name are slow: a split by name puts them all on shard 1.
    const durations = new Map(names.map((name, i) => [name, i < 10 ? 1000 : 10]))
    const load = (shard: string[]) => shard.reduce((sum, name) => sum + durations.get(name)!, 0)
    const mean = (10 * 1000 + 30 * 10) / 4
    const balanced = shards(names, 4, durations).map(load)
    expect(Math.max(...balanced)).toBeLessThanOrEqual(mean + 1000)
    expect(Math.max(...shards(names, 4).map(load))).toBeGreaterThan(mean + 1000)
  })
})

describe('readDurations', () => {
  it('reads durationMs per scenario from a JSON report, and names a file that is not one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsh-durations-'))
    try {
      const report = join(dir, 'report.json')
      writeFileSync(report, JSON.stringify({ scenarios: [{ scenario: 'a', durationMs: 12 }, { scenario: 'b' }] }))
      expect(readDurations(report)).toEqual(new Map([['a', 12]]))
      writeFileSync(report, '{"ok": true}')
      expect(() => readDurations(report)).toThrow(/--durations .*report.json is not a dsh test JSON report/)
      expect(() => readDurations(join(dir, 'none.json'))).toThrow(/--durations .*none.json: ENOENT/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
