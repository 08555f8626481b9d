import { describe, expect, it } from 'vitest'
import { measureCoreEfficiency } from './core-efficiency.ts'

describe('core efficiency', () => {
  it('times a real job alone and on every core, each by its own clock', async () => {
    const { efficiency, cores } = await measureCoreEfficiency(process.cwd(), 1, 2)
    expect(cores).toBe(2)
    // Two jobs side by side never run faster than one alone (within a scheduler's noise).
    expect(efficiency).toBeGreaterThan(0)
    expect(efficiency).toBeLessThan(1.3)
  }, 30_000)
})
