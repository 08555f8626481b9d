// Each model request's final outcome (server.ts), and who waits for it.
export type RequestOutcome =
  | 'pending' //          still being answered (or hanging)
  | 'completed' //        the response was fully sent
  | 'client-closed' //    the client closed the connection before the response finished
  | 'server-destroyed' // the stub destroyed the socket (a scripted disconnect, or close())

/** What the outcomes are kept on: a request's index and its outcome so far. */
interface Settled {
  index: number
  outcome: RequestOutcome
}

/** Each request's final outcome, and who waits for it. */
export class Outcomes {
  private readonly waiters = new Map<number, Array<(outcome: RequestOutcome) => void>>()

  settle(record: Settled, outcome: RequestOutcome): void {
    if (record.outcome !== 'pending') return
    record.outcome = outcome
    for (const resolve of this.waiters.get(record.index) ?? []) resolve(outcome)
    this.waiters.delete(record.index)
  }

  wait(index: number, record: Settled | undefined): Promise<RequestOutcome> {
    if (record && record.outcome !== 'pending') return Promise.resolve(record.outcome)
    return new Promise((resolve) => {
      const waiters = this.waiters.get(index) ?? []
      waiters.push(resolve)
      this.waiters.set(index, waiters)
    })
  }
}
