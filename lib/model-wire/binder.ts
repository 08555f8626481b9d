// Replay at the wire: each request is served the answer of its recorded twin. Requests are bound
// per conversation lane (recording.ts `identify`) by content: within its lane a request takes the
// first unused exchange with its fingerprint, so concurrent conversations and an agent's side calls
// (titles, summaries) bind whatever order they arrive in. A request with no twin is a drift, with
// the recorded request it was expected to be. Pure apart from its own bookkeeping.
import type { CanonicalRequest } from './canonical.ts'
import { type Exchange, identify, type Recording } from './recording.ts'

/** Why a request was not served (REPLAY_DRIFT / REPLAY_EXHAUSTED), and what it should have been. */
export interface BindProblem {
  code: 'REPLAY_DRIFT' | 'REPLAY_EXHAUSTED'
  /** Request index on the server. */
  index: number
  lane: string
  /** The recorded request nearest to it (pretty JSON), when the lane has one left. */
  recorded?: string
  live: string
}

export class RecordingBinder {
  private readonly used = new Set<number>()

  constructor(private readonly recording: Recording) {}

  bind(request: CanonicalRequest, index: number): { exchange: Exchange } | { problem: BindProblem } {
    const { lane, fingerprint } = identify(request)
    const open = this.recording.exchanges
      .map((exchange, at) => ({ exchange, at }))
      .filter(({ at }) => !this.used.has(at))
    const inLane = open.filter(({ exchange }) => exchange.lane === lane)
    const twin = inLane.find(({ exchange }) => exchange.fingerprint === fingerprint)
    if (twin) {
      this.used.add(twin.at)
      return { exchange: twin.exchange }
    }
    const live = pretty(request)
    const all = this.recording.exchanges
    // A twin already used: the agent asked once more than it did when recording.
    if (all.some((exchange) => exchange.fingerprint === fingerprint))
      return { problem: { code: 'REPLAY_EXHAUSTED', index, lane, live } }
    // Nearest: the lane's next request, else its last one, else (a changed opening) the next unused one.
    const nearest =
      inLane[0]?.exchange ?? all.findLast((exchange) => exchange.lane === lane) ?? open[0]?.exchange ?? all[0]
    const recorded = nearest ? { recorded: pretty(nearest.request) } : {}
    return { problem: { code: 'REPLAY_DRIFT', index, lane, live, ...recorded } }
  }

  /** Recorded exchanges no request took. */
  unused(): Exchange[] {
    return this.recording.exchanges.filter((_, at) => !this.used.has(at))
  }
}

/** A request as lines for a diff: each text line on its own, so a changed word shows on its line. */
export function pretty(request: CanonicalRequest): string {
  const lines = ['system:', ...indent(request.system)]
  request.messages.forEach((message, index) => {
    lines.push(`messages[${index}] ${message.role}:`)
    if (message.text !== undefined) lines.push(...indent(message.text))
    for (const call of message.toolCalls ?? []) lines.push(`  call ${call.name} ${call.arguments}`)
    for (const result of message.toolResults ?? [])
      lines.push(`  result${result.name ? ` ${result.name}` : ''}:`, ...indent(result.output, '    '))
  })
  lines.push(`tools: ${request.tools.join(', ')}`)
  return lines.join('\n')
}

const indent = (text: string, by = '  ') => text.split('\n').map((line) => `${by}${line}`)
