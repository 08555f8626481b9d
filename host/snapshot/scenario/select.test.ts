import { describe, expect, it } from 'vitest'
import { globToRegExp, parseShard, selectScenarioNames, shardOf } from './select.ts'

const KNOWN = ['bash-allow-once', 'bash-reject-once', 'list-dir', 'read-file', 'read-only-list-dir', 'write-file']

describe('scenario selection', () => {
  it('takes exact names exactly (list-dir is not read-only-list-dir)', () => {
    expect(selectScenarioNames(['list-dir'], KNOWN)).toEqual(['list-dir'])
    expect(selectScenarioNames([], KNOWN)).toEqual(KNOWN)
  })

  it('expands globs, in name order and without duplicates', () => {
    expect(selectScenarioNames(['bash-*'], KNOWN)).toEqual(['bash-allow-once', 'bash-reject-once'])
    expect(selectScenarioNames(['*-file', 'read-?ile'], KNOWN)).toEqual(['read-file', 'write-file'])
    expect(selectScenarioNames(['[lw]*'], KNOWN)).toEqual(['list-dir', 'write-file'])
    expect(globToRegExp('a.b').test('axb')).toBe(false)
  })

  it('names a near miss for an unknown name, and rejects a glob that matches nothing', () => {
    expect(() => selectScenarioNames(['list-dri'], KNOWN)).toThrow('no scenario named list-dri; did you mean list-dir?')
    expect(() => selectScenarioNames(['nothing'], KNOWN)).toThrow(/no scenario named nothing; 6 scenarios exist/)
    expect(() => selectScenarioNames(['zzz-*'], KNOWN)).toThrow('pattern zzz-* matches no scenario')
  })

  it('shards evenly and stably by name', () => {
    const names = Array.from({ length: 10 }, (_, i) => `s${String(i).padStart(2, '0')}`)
    const shards = [1, 2, 3].map((index) => shardOf([...names].reverse(), { index, count: 3 }))
    expect(shards.map((s) => s.length)).toEqual([3, 3, 4])
    expect(shards.flat()).toEqual(names)
    expect(shardOf(names, { index: 2, count: 3 })).toEqual(shards[1])
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 })
    for (const bad of ['0/3', '4/3', '1/0', 'x', '1-2']) expect(() => parseShard(bad)).toThrow(/--shard/)
  })
})
