import { describe, expect, it } from 'vitest'
import { stepCost, usageUpdate } from './usage.ts'

describe('usage', () => {
  it('prices cached input apart, and falls back to the input price', () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 500_000, cachedInputTokens: 400_000 }
    expect(
      stepCost(usage, { currency: 'USD', inputPerMillion: 1, outputPerMillion: 2, cachedInputPerMillion: 0.1 }),
    ).toBeCloseTo(0.6 + 0.04 + 1)
    expect(stepCost(usage, { currency: 'USD', inputPerMillion: 1, outputPerMillion: 2 })).toBeCloseTo(1 + 1)
  })

  it('reports the context in use and a rounded cost only when given', () => {
    expect(usageUpdate({ inputTokens: 10, outputTokens: 5 }, 100)).toEqual({ used: 15, size: 100 })
    expect(usageUpdate({ inputTokens: 1, outputTokens: 1 }, 9, { amount: 0.1 + 0.2, currency: 'EUR' })).toEqual({
      used: 2,
      size: 9,
      cost: { amount: 0.3, currency: 'EUR' },
    })
  })
})
