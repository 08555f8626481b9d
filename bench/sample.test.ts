import { describe, expect, it } from 'vitest'
import { timeInterleaved } from './sample.ts'

describe('timeInterleaved', () => {
  it('runs the tasks in turn, warm-ups first, and keeps one time per kept run and task', async () => {
    const calls: string[] = []
    const times = await timeInterleaved([() => void calls.push('a'), async () => void calls.push('b')], {
      warmup: 1,
      runs: 2,
    })
    expect(calls).toEqual(['a', 'b', 'a', 'b', 'a', 'b'])
    expect(times.map((list) => list.length)).toEqual([2, 2])
    expect(times.flat().every((ms) => ms >= 0)).toBe(true)
  })
})
