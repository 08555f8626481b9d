// The scenario's permission answers: a FIFO of option kinds (docs/design.md §7).
import type { RequestPermissionRequest, RequestPermissionResponse } from '@agentclientprotocol/sdk'
import type { PermissionScriptAnswer } from '../../scenario/input.ts'

const CANCELLED: RequestPermissionResponse = { outcome: { outcome: 'cancelled' } }

export class PermissionQueue {
  private queue: PermissionScriptAnswer[]
  /** Problems to fail the scenario with after the run (a kind the agent did not offer). */
  readonly problems: string[] = []
  answered = 0

  constructor(answers: readonly PermissionScriptAnswer[]) {
    this.queue = [...answers]
  }

  /**
   * The next answer; an empty queue answers `cancelled`, as an editor whose user dismissed the dialog would.
   * `hold` is a user who has not decided yet: the request stays open until the agent withdraws it
   * (`signal`, aborted by its `$/cancel_request`), and is then answered `cancelled`, as ACP asks of a client.
   */
  answer(
    request: RequestPermissionRequest,
    signal?: AbortSignal,
  ): RequestPermissionResponse | Promise<RequestPermissionResponse> {
    const kind = this.queue.shift()
    if (!kind) return CANCELLED
    this.answered++
    if (kind === 'hold') {
      if (!signal || signal.aborted) return CANCELLED
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve(CANCELLED), { once: true }))
    }
    const option = request.options.find((o) => o.kind === kind)
    if (!option) {
      const offered = request.options.map((o) => o.kind).join(', ')
      this.problems.push(
        `permission answer #${this.answered} is "${kind}", but the agent offered only ${offered} for tool call ` +
          `${request.toolCall.toolCallId}; fix "permissions" in input.json`,
      )
      return CANCELLED
    }
    return { outcome: { outcome: 'selected', optionId: option.optionId } }
  }

  unused(): PermissionScriptAnswer[] {
    return [...this.queue]
  }
}
