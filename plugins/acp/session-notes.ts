// What a connection remembers per session to announce beyond the log's own events: the session's
// running cost (usage_update) and its title, sent once after the first turn (session_info_update).
import type { SessionUpdate } from '@agentclientprotocol/sdk'
import type { AgentConfig } from '../agent/config.ts'
import type { SessionEvent } from '../session/events.ts'
import { titleFromContent } from '../session/summaries.ts'
import { stepCost, usageUpdate } from './usage.ts'

export class SessionNotes {
  private cost = 0
  private title: string | undefined
  private titleSent = false

  constructor(private readonly config: Pick<AgentConfig, 'contextWindow' | 'pricing'>) {}

  /** Take in a restored log: its cost so far, and its title (already announced when a turn ended). */
  seed(events: readonly SessionEvent[]): void {
    for (const event of events) this.note(event)
  }

  /** The title a restored session shows, if it has one. */
  get knownTitle(): string | undefined {
    return this.title
  }

  /** The updates one live event adds. */
  updates(event: SessionEvent): SessionUpdate[] {
    const usage = event.type === 'assistant/message' ? event.data.usage : undefined
    const announce = this.note(event)
    if (usage) {
      const pricing = this.config.pricing
      const cost = pricing ? { amount: this.cost, currency: pricing.currency } : undefined
      return [{ sessionUpdate: 'usage_update', ...usageUpdate(usage, this.config.contextWindow, cost) }]
    }
    return announce ? [{ sessionUpdate: 'session_info_update', title: announce }] : []
  }

  /** Fold an event in; returns the title when this event is the end of the session's first turn. */
  private note(event: SessionEvent): string | undefined {
    switch (event.type) {
      case 'user/message':
        // Derived from the first prompt only, as session/list does: replay shows the same title.
        if (this.title === undefined) this.title = titleFromContent(event.data.content)
        return undefined
      case 'assistant/message':
        if (event.data.usage && this.config.pricing) this.cost += stepCost(event.data.usage, this.config.pricing)
        return undefined
      case 'turn/end':
        if (this.titleSent || this.title === undefined) return undefined
        this.titleSent = true
        return this.title
      default:
        return undefined
    }
  }
}
