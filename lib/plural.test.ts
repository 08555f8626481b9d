import { describe, expect, it } from 'vitest'
import { noun, plural } from './plural.ts'

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'byte')).toBe('1 byte')
    expect(plural(0, 'byte')).toBe('0 bytes')
    expect(plural(2, 'entry', 'entries')).toBe('2 entries')
  })

  it('gives the noun alone for a list that follows', () => {
    expect(`${noun(1, 'shard')} 3/3`).toBe('shard 3/3')
    expect(`${noun(2, 'shard')} 2/3, 3/3`).toBe('shards 2/3, 3/3')
    expect(noun(2, 'process', 'processes')).toBe('processes')
  })
})
