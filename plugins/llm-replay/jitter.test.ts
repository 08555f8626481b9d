// The seeded jitter: same seed, same pauses; other seeds, other pauses; a malformed value is named.
import { describe, expect, it } from 'vitest'
import { parseJitter } from './jitter.ts'

const pauses = (seed: number) => {
  const jitter = parseJitter(`${seed}:4`)!
  return Array.from({ length: 32 }, () => jitter.next())
}

describe('replay jitter', () => {
  it('repeats for a seed, differs between seeds and stays within 0…maxMs', () => {
    expect(pauses(7)).toEqual(pauses(7))
    expect(pauses(7)).not.toEqual(pauses(8))
    expect(new Set(pauses(7)).size).toBeGreaterThan(2)
    expect(pauses(7).every((ms) => ms >= 0 && ms <= 4)).toBe(true)
  })

  it('is off when unset and refuses a malformed value, saying what to write', () => {
    expect(parseJitter(undefined)).toBeUndefined()
    expect(parseJitter('')).toBeUndefined()
    expect(() => parseJitter('fast')).toThrow(/^DSH_REPLAY_JITTER must be <seed>:<maxMs> .*found "fast"; unset it/)
  })
})
