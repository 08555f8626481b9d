// Record mode against the live provider: the model server forwards each request the agent makes
// to the upstream (upstream.ts) with the user's key, passes the answer to the agent as it arrives,
// and reads it into the recording's exchange (the canonical request with its lane and fingerprint,
// the answer as a model.yml item; the same model.recording.json replay reads). What goes wrong is
// a named problem: the upstream unreachable, an HTTP error (status and first bytes, the key
// redacted), an answer no model.yml item can say.
import type { ServerResponse } from 'node:http'
import { keyRedactor } from '../secrets/key-forms.ts'
import { type AnswerPlaces, tokenizePlaces } from './answer-places.ts'
import { AnswerParseError, liveAnswer } from './live-answer.ts'
import { type Exchange, identify, itemAsAnswer, type Recording } from './recording.ts'
import { normalizeRequest, type RunNormalizer } from './request-normalize.ts'
import type { RecordedRequest } from './server.ts'
import { type Upstream, upstreamHeaders, upstreamUrl } from './upstream.ts'
import type { UpstreamProblem, UpstreamProblemCode } from './upstream-problems.ts'
import { canonicalRequest, renderModelItem } from './wires.ts'
import { write } from './writes.ts'

/** Bytes of an upstream's error body quoted in a problem. */
const HEAD_BYTES = 300

export class LiveProxy {
  readonly problems: UpstreamProblem[] = []
  private readonly exchanges: Array<{ index: number; exchange: Exchange }> = []
  private readonly redact: (text: string) => string

  constructor(
    private readonly upstream: Upstream,
    private readonly run: RunNormalizer & AnswerPlaces,
  ) {
    this.redact = keyRedactor([upstream.key]) ?? ((text) => text.replaceAll(upstream.key, '[redacted]'))
  }

  /** For StubEndpointOptions.forward. */
  readonly forward = async (record: RecordedRequest, res: ServerResponse): Promise<void> => {
    const url = upstreamUrl(this.upstream, record.path, record.search)
    const abort = new AbortController()
    res.on('close', () => abort.abort())
    let response: Response
    try {
      response = await fetch(url, {
        method: record.method,
        headers: upstreamHeaders(this.upstream, record.headers),
        body: record.rawBody ?? (record.body === undefined ? undefined : JSON.stringify(record.body)),
        signal: abort.signal,
      })
    } catch (error) {
      if (res.destroyed) return
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message
      const where = `${new URL(url).origin}${new URL(url).pathname}`
      const message = this.problem('UPSTREAM_UNREACHABLE', record, `upstream ${where} is unreachable (${cause})`)
      return sendWireError(res, record, message)
    }
    const { body, whole } = await this.pass(response, res)
    if (!response.ok) {
      const head = this.redact(body.slice(0, HEAD_BYTES))
      this.problem('UPSTREAM_HTTP_ERROR', record, `upstream answered HTTP ${response.status}; its body begins: ${head}`)
      return
    }
    if (record.style === 'count') return // a token count is no model turn
    this.keep(record, body, response.headers.get('content-type') ?? '', whole)
  }

  /** The recording: the exchanges in the order their requests arrived. */
  recording(): Recording {
    const exchanges = [...this.exchanges].sort((a, b) => a.index - b.index).map((entry) => entry.exchange)
    return { version: 1, source: 'live', exchanges }
  }

  /** The upstream's status and body to the agent, each chunk as it arrives; the body's text, and if it came whole. */
  private async pass(response: Response, res: ServerResponse): Promise<{ body: string; whole: boolean }> {
    const type = response.headers.get('content-type')
    res.writeHead(response.status, { ...(type ? { 'content-type': type } : {}), 'cache-control': 'no-cache' })
    res.flushHeaders()
    const chunks: Buffer[] = []
    let whole = true
    try {
      for await (const chunk of response.body ?? []) {
        chunks.push(Buffer.from(chunk))
        await write(res, Buffer.from(chunk))
      }
    } catch {
      whole = false // the agent closed its connection (a cancel), which aborted the upstream read
    }
    if (!res.destroyed) res.end()
    return { body: Buffer.concat(chunks).toString('utf8'), whole }
  }

  private keep(record: RecordedRequest, body: string, contentType: string, whole: boolean): void {
    const wire = this.upstream.wire
    let item: ReturnType<typeof liveAnswer>
    try {
      item = liveAnswer(wire, body, contentType)
    } catch (error) {
      if (!(error instanceof AnswerParseError)) throw error
      const head = this.redact(body.slice(0, HEAD_BYTES))
      const said = `the ${wire} answer cannot be read into a model.yml item: ${error.message}; it begins: ${head}`
      this.problem('UPSTREAM_UNPARSEABLE', record, said)
      return
    }
    // The agent closed the connection before the answer ended (a cancel): replay sends it, then hangs.
    if (!whole && item.kind === 'reply') item.value.end = 'hang'
    const request = normalizeRequest(canonicalRequest(wire, record.body), this.run)
    const answer = itemAsAnswer(tokenizePlaces(item, this.run))
    this.exchanges.push({ index: record.index, exchange: { ...identify(request), wire, request, answer } })
  }

  private problem(code: UpstreamProblemCode, record: RecordedRequest, what: string): string {
    const message = `${code}: model request ${record.index} (${record.method} ${record.path}): ${what}`
    this.problems.push({ code, index: record.index, message })
    return message
  }
}

/** An answer in the wire's error shape; 400, since agents retry a 5xx and this will not go away. */
function sendWireError(res: ServerResponse, record: RecordedRequest, message: string): void {
  const rendered = renderModelItem({ kind: 'httpError', value: { status: 400, message } }, record.wire ?? 'script')
  const body = rendered.kind === 'error' ? rendered.body : { error: { message } }
  res.writeHead(400, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
