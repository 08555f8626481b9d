// The recorded side of the drift check, folded once: requests of a session arrive in script
// order, so the history at each model call extends the previous one. Each message's compared
// form (cwd collapsed, canonical JSON) is computed once, when it is added. Pure.
import type { Message } from '../llm/types.ts'
import { History, type HistoryEvent, type HistoryPoint } from '../session/history.ts'
import { identityKey } from './derive.ts'
import { canonical, collapseCwd } from './message-form.ts'

interface HistoryAt {
  messages: readonly Message[]
  /** `canonical(collapseCwd(message))` of each message, in order. */
  forms: readonly string[]
}

export class RecordedHistory {
  /** Event index of the first `step/start` of each (turn, step): where that call's history ends. */
  private readonly stepStarts = new Map<string, number>()
  /** Event index of each call's `model/request`, by identity: where its history ends, when logged. */
  private readonly requests = new Map<string, number>()
  private history = new History()
  private forms: string[] = []
  private position = 0

  constructor(
    private readonly events: readonly HistoryEvent[],
    /** Writes the recorded cwd's spellings as `{{cwd}}` (none for a normalized fixture). */
    readonly collapse: ((text: string) => string) | undefined,
  ) {
    events.forEach((event, index) => {
      if (event.type === 'model/request') this.requests.set(identityKey(event.data as HistoryPoint), index)
      if (event.type !== 'step/start') return
      const { turn, step } = event.data as HistoryPoint
      const key = `${turn}:${step}`
      if (!this.stepStarts.has(key)) this.stepStarts.set(key, index)
    })
  }

  /**
   * The history the model call at `at` was made with: up to its `model/request` when the log has one
   * (a compaction's call sees the history before its boundary), else up to the step's `step/start`;
   * undefined when the log has neither.
   */
  at(at: HistoryPoint & { attempt?: number; purpose?: string }): HistoryAt | undefined {
    const end = this.requests.get(identityKey(at)) ?? this.stepStarts.get(`${at.turn}:${at.step}`)
    if (end === undefined) return undefined
    // An override may point back to an earlier call: fold again from the start.
    if (end < this.position) this.reset()
    for (const event of this.events.slice(this.position, end)) {
      this.position++
      const before = this.history.messages.length
      this.history.add(event)
      // A compaction replaces the history's start: its forms are computed again.
      if (event.type === 'compaction/end') {
        this.forms = this.history.messages.map((message) => canonical(collapseCwd(message, this.collapse)))
        continue
      }
      // A `history/clear` empties the history: the compared forms start over with it.
      if (this.history.messages.length < before) this.forms.length = this.history.messages.length
      for (const message of this.history.messages.slice(before)) {
        this.forms.push(canonical(collapseCwd(message, this.collapse)))
      }
    }
    return { messages: this.history.messages, forms: this.forms }
  }

  private reset(): void {
    this.history = new History()
    this.forms = []
    this.position = 0
  }
}
