// Replay mode of the model server: each request is answered by its recorded twin (binder.ts); one
// with none is answered with an HTTP 400 naming the drift (the agent shows an error) and kept as a
// problem for the host to report with the request diff. Nothing is forwarded anywhere.
import { RecordingBinder, type BindProblem } from './binder.ts'
import { fillPlacesIn } from './answer-places.ts'
import { answerAsItem, type Recording } from './recording.ts'
import { normalizeRequest, type RunNormalizer } from './request-normalize.ts'
import type { RecordedRequest } from './server.ts'
import type { ServedItem } from './served-item.ts'
import { canonicalRequest } from './wires.ts'

export class ReplaySource {
  readonly problems: BindProblem[] = []
  private readonly binder: RecordingBinder

  constructor(
    recording: Recording,
    private readonly run: RunNormalizer,
    private readonly file: string,
  ) {
    this.binder = new RecordingBinder(recording)
  }

  /** For StubEndpointOptions.answer. */
  readonly answer = (record: RecordedRequest): ServedItem => {
    const request = normalizeRequest(canonicalRequest(record.wire ?? 'script', record.body), this.run)
    const bound = this.binder.bind(request, record.index)
    if ('exchange' in bound) {
      const item = answerAsItem(bound.exchange.answer, this.file)
      // An answer keeps the run's folders as tokens (answer-places.ts): this run's go in.
      return { kind: 'model', item: fillPlacesIn(item, this.run) }
    }
    this.problems.push(bound.problem)
    const message =
      `${bound.problem.code}: model request ${record.index} has no recorded twin in ${this.file} ` +
      `(lane ${bound.problem.lane}); re-record the scenario if the change is intended`
    // In the wire's own error shape; 400: agents retry a 5xx (gemini-cli five times, with backoff),
    // and a drift does not go away.
    const value = { status: 400, message, type: bound.problem.code }
    return { kind: 'model', item: { kind: 'httpError', value } }
  }

  unused(): number {
    return this.binder.unused().length
  }
}
