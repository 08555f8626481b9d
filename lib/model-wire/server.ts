// The model server: a real HTTP server on 127.0.0.1 that answers model requests from a script and
// records every request it sees. Each route is a wire (wires.ts): a raw script item is sent as it is
// (the chat-completions wire's SSE events), a model.yml item is rendered on the wire of the request
// that takes it, so one script serves any adapter (docs/model-providers.md).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DONE_EVENT, formatSseEvent, type ErrorItem, type SseEvent, type SseItem } from './script.ts'
import { parseServedItems, type ServedItem } from './served-item.ts'
import { countRequestTokens } from './token-cut.ts'
import { write, writeCuttingCharacters } from './writes.ts'
import { countAnswer, foldEvents, renderOnWire, requestStyle, routeOf, type RouteStyle, type Wire } from './wires.ts'
import { assertLoopback } from './loopback.ts'
import { Outcomes, type RequestOutcome } from './outcomes.ts'

export type { RequestOutcome } from './outcomes.ts'

export interface RecordedRequest {
  index: number
  method: string
  path: string
  /** The query (`?alt=sse`), when there is one: the recording proxy forwards it. */
  search?: string
  /** The wire the route speaks (undefined for a route the server does not serve). */
  wire?: Wire
  /** How it is answered: streamed, whole (unary), or a token count (Gemini's routes; Anthropic's body says). */
  style?: RouteStyle
  /** Lower-cased request headers without `authorization` and `x-api-key` (the key is never recorded). */
  headers: Record<string, string>
  hasAuthorization: boolean
  /** With `expectApiKey`: whether the key came as `Authorization: Bearer <key>` (or `x-api-key`, Anthropic's). */
  authorizationMatches?: boolean
  /** The parsed JSON body; `undefined` when the body is not JSON (see `rawBody`). */
  body: unknown
  rawBody?: string
  outcome: RequestOutcome
}

export interface StubEndpointOptions {
  script?: unknown[]
  /** When set, a request whose Authorization is not `Bearer <key>` gets DeepSeek's 401 (consuming no item). */
  expectApiKey?: string
  /** Where to listen: a loopback address only (default 127.0.0.1; anything else is a LoopbackOnlyError). */
  host?: string
  /**
   * What answers a request instead of the script (replay binds it to a recording): an item, an
   * error, or undefined when nothing is left.
   */
  answer?: (record: RecordedRequest) => ServedItem | ErrorItem | undefined
  /** Answers each served route instead of the script (record against the live provider: live-proxy.ts). */
  forward?: (record: RecordedRequest, res: ServerResponse) => Promise<void>
  /** Called with each request and the item that answered it, before it is sent (--stub recording). */
  onServed?: (record: RecordedRequest, served: ServedItem) => void
}

export interface StubEndpoint {
  /** Base URL to configure the adapter with (`http://127.0.0.1:<port>`, no trailing slash). */
  url: string
  requests: RecordedRequest[]
  /** Append script items (validated; throws naming the bad item). */
  push(...items: unknown[]): void
  /** Script items not yet consumed. */
  remaining(): number
  /** Items the server could not render on the wire they were asked on (a 500 answered each). */
  problems: string[]
  /** Resolves with the request's final outcome once its connection is done with. */
  settled(index: number): Promise<RequestOutcome>
  close(): Promise<void>
}

export async function startStubEndpoint(options: StubEndpointOptions = {}): Promise<StubEndpoint> {
  const script: ServedItem[] = parseServedItems(options.script ?? [])
  const requests: RecordedRequest[] = []
  const problems: string[] = []
  let closing = false
  const outcomes = new Outcomes()
  const settle = (record: RecordedRequest, outcome: RequestOutcome) => outcomes.settle(record, outcome)

  const server = createServer(async (req, res) => {
    // Record synchronously so indexes follow arrival order, then fill in the body.
    const record = describeRequest(req, requests.length, options.expectApiKey)
    requests.push(record)
    let destroyedByStub = false
    res.on('close', () =>
      settle(
        record,
        destroyedByStub || closing ? 'server-destroyed' : res.writableFinished ? 'completed' : 'client-closed',
      ),
    )
    const destroy = () => {
      destroyedByStub = true
      res.socket?.destroy()
    }
    try {
      await readBody(req, record)
    } catch {
      return // the client went away mid-upload; 'close' records it
    }

    const refused = refusal(record, options.expectApiKey)
    if (refused) return sendError(res, refused)
    if (record.wire && record.style) record.style = requestStyle(record.wire, record.style, record.body)
    if (options.forward) return options.forward(record, res)
    if (record.style === 'count') return sendJson(res, countAnswer(record.wire!, record.body))
    const served = options.answer ? options.answer(record) : script.shift()
    if (!served) return sendError(res, exhausted(record))
    options.onServed?.(record, served)
    const rendered = renderOnWire(served, record.wire!, record.body, record.index)
    if ('problem' in rendered) {
      problems.push(rendered.problem)
      return sendError(res, { kind: 'error', status: 500, body: apiError(rendered.problem, 'stub_cannot_express') })
    }
    const item = rendered.item
    switch (item.kind) {
      case 'error':
        return sendError(res, item)
      case 'hang':
        return // answered by nothing; 'close' fires when the client gives up
      case 'sse':
        if (record.style === 'unary') return sendJson(res, foldEvents(record.wire!, item.events))
        return sendSse(res, item, destroy, countRequestTokens(record.body))
      case 'json':
        return sendJson(res, item.body)
    }
  })
  const host = options.host ?? '127.0.0.1'
  assertLoopback(host)
  const port = await listen(server, host)

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    requests,
    push: (...items) => void script.push(...parseServedItems(items, 'stub push()')),
    remaining: () => script.length,
    problems,
    settled: (index) => outcomes.wait(index, requests[index]),
    // closeAllConnections: a scripted hang must not keep close() waiting.
    close: () =>
      new Promise<void>((resolve) => {
        closing = true
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => resolve())
  })
  return (server.address() as AddressInfo).port
}

/** A request the stub refuses before it consumes a script item: a wrong route, a wrong key. */
function refusal(record: RecordedRequest, expectApiKey: string | undefined): ErrorItem | undefined {
  if (record.method !== 'POST' || !record.wire) {
    return {
      kind: 'error',
      status: 404,
      body: apiError(
        `stub endpoint: only POST /chat/completions, /v1/responses, /v1/messages, /v1beta/models/<model>:` +
          `streamGenerateContent and /dsh/model-script are served, got ` +
          `${record.method} ${record.path} (request index ${record.index}); use the stub's url as baseUrl`,
        'stub_not_found',
      ),
    }
  }
  if (expectApiKey !== undefined && !record.authorizationMatches) {
    return {
      kind: 'error',
      status: 401,
      body: apiError(
        'Authentication Fails (stub endpoint: the Authorization header is not "Bearer <expected key>")',
        'authentication_error',
      ),
    }
  }
  return undefined
}

function exhausted(record: RecordedRequest): ErrorItem {
  return {
    kind: 'error',
    status: 500,
    body: apiError(
      `stub endpoint: no scripted response left for request index ${record.index} (${record.method} ` +
        `${record.path}); push() more script items`,
      'stub_script_exhausted',
    ),
  }
}

function describeRequest(req: IncomingMessage, index: number, expectApiKey?: string): RecordedRequest {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === 'authorization' || name === 'x-api-key' || value === undefined) continue
    headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  const { authorization, 'x-api-key': apiKey } = req.headers
  const { pathname: path, search } = new URL(req.url ?? '/', 'http://stub')
  const record: RecordedRequest = {
    index,
    method: req.method ?? '',
    path,
    ...(search ? { search } : {}),
    headers,
    hasAuthorization: authorization !== undefined || apiKey !== undefined,
    body: undefined,
    outcome: 'pending',
  }
  const route = routeOf(path)
  if (route) Object.assign(record, route)
  if (expectApiKey !== undefined)
    record.authorizationMatches = authorization === `Bearer ${expectApiKey}` || apiKey === expectApiKey
  return record
}

async function readBody(req: IncomingMessage, record: RecordedRequest): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const rawBody = Buffer.concat(chunks).toString('utf8')
  try {
    record.body = rawBody ? JSON.parse(rawBody) : undefined
  } catch {
    record.rawBody = rawBody
  }
}

/** DeepSeek's error body shape. */
function apiError(message: string, type: string): Record<string, unknown> {
  return { error: { message, type, param: null, code: type } }
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function sendError(res: ServerResponse, item: ErrorItem): void {
  const isJson = typeof item.body !== 'string'
  const retryAfter = item.retryAfter === undefined ? {} : { 'retry-after': String(item.retryAfter) }
  res.writeHead(item.status, {
    'content-type': isJson ? 'application/json' : 'text/plain; charset=utf-8',
    ...retryAfter,
  })
  res.end(isJson ? JSON.stringify(item.body) : item.body)
}

async function sendSse(res: ServerResponse, item: SseItem, destroy: () => void, promptTokens: number): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
  res.flushHeaders()
  for (const event of item.events) {
    if (item.delayMs) await sleep(item.delayMs)
    if (res.destroyed) return
    const text = formatSseEvent(item.promptTokensFromRequest ? withPromptTokens(event, promptTokens) : event)
    if (item.splitCharacters) await writeCuttingCharacters(res, text)
    else await write(res, text)
  }
  if (res.destroyed) return
  switch (item.end ?? 'done') {
    case 'done':
      await write(res, DONE_EVENT)
      res.end()
      return
    case 'close':
      res.end()
      return
    case 'disconnect':
      // Give the client a moment to read what was flushed, so the reset is seen after the events.
      await sleep(20)
      destroy()
      return
    case 'hang':
      return
  }
}

/** The event with its usage's prompt counts set to `promptTokens` (cache hits as scripted). */
function withPromptTokens(event: SseEvent, promptTokens: number): SseEvent {
  if (typeof event === 'string' || !event.usage || typeof event.usage !== 'object') return event
  const usage = event.usage as Record<string, unknown>
  const cached = typeof usage.prompt_cache_hit_tokens === 'number' ? usage.prompt_cache_hit_tokens : 0
  const completion = typeof usage.completion_tokens === 'number' ? usage.completion_tokens : 0
  return {
    ...event,
    usage: {
      ...usage,
      prompt_tokens: promptTokens,
      total_tokens: promptTokens + completion,
      prompt_cache_miss_tokens: promptTokens - cached,
    },
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
