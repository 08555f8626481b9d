// The client's side of the agent's questions (ACP `elicitation/create`), for every host that plays a
// client: a question waits here until an `answerQuestion` step answers it, or the agent withdraws it
// (`$/cancel_request`: it is then answered `cancel`). A question to a client that did not advertise
// elicitation is refused and recorded as the agent's fault; one no step answered is reported at the end.
import * as acp from '@agentclientprotocol/sdk'
import { plural } from '../plural.ts'

/** One question the agent asked, as a step sees it. */
interface PendingQuestion {
  params: acp.CreateElicitationRequest
  answer(response: acp.CreateElicitationResponse): void
  /** Settles when the agent withdraws the question (a cancel), if it does. */
  withdrawn: Promise<void>
}

interface Waiter {
  sessionId: string
  take(question: PendingQuestion): void
}

export class QuestionInbox {
  /** What the agent did wrong with its questions; the run fails with these. */
  readonly problems: string[] = []
  private readonly pending: PendingQuestion[] = []
  private readonly waiters: Waiter[] = []

  /** `advertised`: the client advertised `elicitation.form` at initialize. */
  constructor(private readonly advertised: boolean) {}

  /** The `elicitation/create` handler: answers when a step does, or `cancel` when the agent withdraws it. */
  receive(params: acp.CreateElicitationRequest, signal: AbortSignal): Promise<acp.CreateElicitationResponse> {
    if (!this.advertised) {
      const problem = 'the agent sent elicitation/create, but the client does not advertise elicitation'
      this.problems.push(problem)
      return Promise.reject(acp.RequestError.invalidParams(undefined, problem))
    }
    return new Promise((resolve) => {
      let settled = false
      const settle = (response: acp.CreateElicitationResponse) => {
        if (settled) return
        settled = true
        resolve(response)
      }
      const withdrawn = new Promise<void>((done) => {
        if (signal.aborted) done()
        signal.addEventListener('abort', () => done(), { once: true })
      })
      void withdrawn.then(() => settle({ action: 'cancel' }))
      this.offer({ params, answer: settle, withdrawn })
    })
  }

  /** The next question of `sessionId` no step has taken yet, waiting for it to be asked. */
  next(sessionId: string): Promise<PendingQuestion> {
    const index = this.pending.findIndex((question) => sessionOf(question) === sessionId)
    const [taken] = index === -1 ? [] : this.pending.splice(index, 1)
    if (taken) return Promise.resolve(taken)
    return new Promise((take) => this.waiters.push({ sessionId, take }))
  }

  /** At the end of the script: questions nobody answered (they are the script's gap, or the agent's extra). */
  leftovers(): string[] {
    const left = this.pending.length
    if (!left) return []
    return [
      `the agent asked ${plural(left, 'question')} no answerQuestion step took (${this.pending
        .map((question) => JSON.stringify(question.params.message))
        .join(', ')}); answer each with an answerQuestion step`,
    ]
  }

  private offer(question: PendingQuestion): void {
    const index = this.waiters.findIndex((waiter) => waiter.sessionId === sessionOf(question))
    const [waiter] = index === -1 ? [] : this.waiters.splice(index, 1)
    if (waiter) waiter.take(question)
    else this.pending.push(question)
  }
}

function sessionOf(question: PendingQuestion): string | undefined {
  return 'sessionId' in question.params ? (question.params.sessionId as string) : undefined
}
