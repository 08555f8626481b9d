import { describe, expect, it } from 'vitest'
import { measureCoreEfficiency } from './core-efficiency.ts'

describe('core efficiency', () => {
  it('times a real job alone and on every core, each by its own clock', async () => {
    const { efficiency, cores } = await measureCoreEfficiency(process.cwd(), 1, 2)
    expect(cores).toBe(2)
    // A ratio of two times the jobs measured themselves: a number, whatever the machine's load (no bound on
    // it here: tests beside this one load the cores unevenly; the bench reads it on a quiet machine).
    expect(Number.isFinite(efficiency)).toBe(true)
    expect(efficiency).toBeGreaterThan(0)
  }, 30_000)
})
