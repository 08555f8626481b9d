// ACP `usage_update` from the model's usage chunks (pure): tokens in context after a step, the
// context window, and the session's cumulative cost when the composition configures prices.
import type { UsageUpdate } from '@agentclientprotocol/sdk'
import type { AgentConfig } from '../agent/config.ts'
import type { Usage } from '../session/events.ts'

type Pricing = NonNullable<AgentConfig['pricing']>

/** The cost of one step's tokens. */
export function stepCost(usage: Usage, pricing: Pricing): number {
  const cached = usage.cachedInputTokens ?? 0
  const cachedPrice = pricing.cachedInputPerMillion ?? pricing.inputPerMillion
  const cost =
    (usage.inputTokens - cached) * pricing.inputPerMillion +
    cached * cachedPrice +
    usage.outputTokens * pricing.outputPerMillion
  return cost / 1_000_000
}

/** The update after a step: `used` is what the context holds now (the request and the answer). */
export function usageUpdate(usage: Usage, size: number, cost?: { amount: number; currency: string }): UsageUpdate {
  return {
    used: usage.inputTokens + usage.outputTokens,
    size,
    // Rounded to a millionth: sums of float prices would otherwise differ in the last digits.
    ...(cost ? { cost: { amount: Math.round(cost.amount * 1e6) / 1e6, currency: cost.currency } } : {}),
  }
}
