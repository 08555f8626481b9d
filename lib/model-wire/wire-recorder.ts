// --stub recording at the wire: every request the server answers from model.yml becomes an
// exchange of the recording (recording.ts): its canonical request, normalized for the run (its paths,
// dates, the agent's own rules),
// and the model.yml item that answered it. Requests on dsh's own `script` route are not recorded.
import { tokenizePlaces } from './answer-places.ts'
import { canonicalRequest } from './wires.ts'
import { normalizeRequest, type RunNormalizer } from './request-normalize.ts'
import { type Exchange, identify, itemAsAnswer, type Recording } from './recording.ts'
import type { RecordedRequest } from './server.ts'
import type { ServedItem } from './served-item.ts'

export class WireRecorder {
  private readonly exchanges: Exchange[] = []
  private served = 0

  constructor(private readonly run: RunNormalizer) {}

  /** For StubEndpointOptions.onServed. */
  readonly onServed = (record: RecordedRequest, served: ServedItem): void => {
    const scriptItem = this.served++
    if (!record.wire || record.wire === 'script' || served.kind !== 'model') return
    const request = normalizeRequest(canonicalRequest(record.wire, record.body), this.run)
    // The item was served with this run's folders filled in; the recording keeps model.yml's tokens.
    const answer = itemAsAnswer(tokenizePlaces(served.item, this.run))
    this.exchanges.push({ ...identify(request), wire: record.wire, request, answer, scriptItem })
  }

  recording(source: Recording['source'] = 'stub'): Recording {
    return { version: 1, source, exchanges: [...this.exchanges] }
  }
}
