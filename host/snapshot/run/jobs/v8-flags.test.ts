import { describe, expect, it } from 'vitest'
import { workerV8Flags } from './v8-flags.ts'

describe('workerV8Flags', () => {
  it('runs V8 single-threaded once the workers fill every core', () => {
    expect(workerV8Flags(2, 2)).toEqual(['--single-threaded'])
    expect(workerV8Flags(4, 2)).toEqual(['--single-threaded'])
  })

  it('leaves V8 its helper threads while a core is left for them', () => {
    expect(workerV8Flags(2, 4)).toEqual([])
    expect(workerV8Flags(1, 2)).toEqual([])
  })
})
