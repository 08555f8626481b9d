// The calls of a generated turn beyond its one answer (issue 37 item 7): a compaction before it, a
// failed first attempt and its retry, each with the `model/request` record the agent writes. Spread
// evenly over the session, so a long one has its compactions and retries all along. Pure.
import type { StreamChunk } from '../plugins/llm/types.ts'
import type { LoggedEvent } from '../plugins/session/log-format.ts'

type Push = (type: LoggedEvent['type'], data: object) => void

const unavailable: StreamChunk = {
  type: 'finish',
  reason: 'error',
  error: { message: 'HTTP 503 (generated)', code: 'SERVER', status: 503 },
}

/** Whether turn `turn` of `turns` is one of `count` evenly spread ones (offset so the two kinds differ). */
function picked(turn: number, turns: number, count: number, offset: number): boolean {
  if (count <= 0) return false
  const every = Math.max(1, Math.floor(turns / count))
  return turn % every === offset % every && Math.ceil(turn / every) <= count
}

/**
 * Push a turn's compaction and failed attempt, if it has them, and the answering call's
 * `model/request`; returns the answering call's attempt.
 */
export function callsBefore(push: Push, turn: number, turns: number, calls: { retried: number; compactions: number }) {
  const step = 1
  const request = (attempt: number, purpose: string) =>
    push('model/request', { turn, step, attempt, purpose, maxTokens: null })
  if (turn > 1 && picked(turn, turns, calls.compactions, 0)) {
    const compactionId = `compaction-${turn}-${step}`
    push('compaction/start', { compactionId, turn, step, trigger: 'auto' })
    request(1, 'compaction')
    const summary = `summary before turn ${turn}`
    push('assistant/chunk', { turn, step, purpose: 'compaction', chunk: { type: 'text-delta', text: summary } })
    push('assistant/chunk', { turn, step, purpose: 'compaction', chunk: { type: 'finish', reason: 'stop' } })
    push('compaction/end', { compactionId, status: 'completed', summary, keep: 1 })
  }
  if (!picked(turn, turns, calls.retried, 1)) {
    request(1, 'turn')
    return 1
  }
  request(1, 'turn')
  push('assistant/chunk', { turn, step, chunk: unavailable })
  push('model/retry', { turn, step, attempt: 1, purpose: 'turn', delayMs: 1000, code: 'SERVER', status: 503 })
  request(2, 'turn')
  return 2
}
