// The scenario's permission answers: a FIFO of option kinds (DESIGN §7).
import type { RequestPermissionRequest, RequestPermissionResponse } from '@agentclientprotocol/sdk'
import type { PermissionAnswerKind } from '../scenario/input.ts'

export class PermissionQueue {
  private queue: PermissionAnswerKind[]
  /** Problems to fail the scenario with after the run (a kind the agent did not offer). */
  readonly problems: string[] = []
  answered = 0

  constructor(answers: readonly PermissionAnswerKind[]) {
    this.queue = [...answers]
  }

  /** The next answer; an empty queue answers `cancelled`, as an editor whose user dismissed the dialog would. */
  answer(request: RequestPermissionRequest): RequestPermissionResponse {
    const kind = this.queue.shift()
    if (!kind) return { outcome: { outcome: 'cancelled' } }
    this.answered++
    const option = request.options.find((o) => o.kind === kind)
    if (!option) {
      const offered = request.options.map((o) => o.kind).join(', ')
      this.problems.push(`permission answer #${this.answered} is "${kind}", but the agent offered only ${offered} for tool call ${request.toolCall.toolCallId}; fix "permissions" in input.json`)
      return { outcome: { outcome: 'cancelled' } }
    }
    return { outcome: { outcome: 'selected', optionId: option.optionId } }
  }

  unused(): PermissionAnswerKind[] {
    return [...this.queue]
  }
}
