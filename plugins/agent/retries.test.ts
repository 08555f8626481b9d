// Retries in the turn loop (issue 37 item 2, docs/retries.md): every attempt is logged with its
// identity, the wait and a notice come between attempts, a retry never follows a chunk the client
// saw, and a cancel during the backoff ends the turn at once.
import { describe, expect, it } from 'vitest'
import type { StreamChunk, StreamError } from '../llm/types.ts'
import { decideRetry } from './retry-policy.ts'
import { standIns, text, typesOf } from './test-support/stand-ins.ts'
import { runTurn } from './turn.ts'

const failing = (error: StreamError): StreamChunk[] => [{ type: 'finish', reason: 'error', error }]
const rateLimited = failing({ message: 'HTTP 429', code: 'RATE_LIMIT', status: 429, retryAfterMs: 2500 })
const unavailable = failing({ message: 'HTTP 503', code: 'SERVER', status: 503 })
const prompt = [{ type: 'text' as const, text: 'hi' }]

describe('retries', () => {
  it('retries a 429 after its Retry-After, logging each attempt, the wait and a notice', async () => {
    const s = standIns({ steps: [rateLimited, text('hello')] })
    expect(await runTurn(s.turn(), prompt)).toEqual({ reason: 'end_turn' })
    expect(s.waits).toEqual([2500])
    expect(s.requests.map((request) => [request.attempt, request.purpose])).toEqual([
      [1, 'turn'],
      [2, 'turn'],
    ])
    const after = typesOf(s.events).slice(4)
    expect(after.slice(0, 7)).toEqual([
      'model/request',
      'assistant/chunk',
      'model/retry',
      'notice',
      'model/request',
      'assistant/chunk',
      'assistant/chunk',
    ])
    const data = (type: string) => s.events.filter((event) => event.type === type).map((event) => event.data)
    expect(data('model/request')).toEqual([
      { turn: 1, step: 1, attempt: 1, purpose: 'turn', maxTokens: null },
      { turn: 1, step: 1, attempt: 2, purpose: 'turn', maxTokens: null },
    ])
    expect(data('model/retry')).toEqual([
      { turn: 1, step: 1, attempt: 1, purpose: 'turn', delayMs: 2500, code: 'RATE_LIMIT', status: 429 },
    ])
    expect(data('notice')[0]).toMatchObject({
      severity: 'warning',
      description: 'RATE_LIMIT, HTTP 429: retry 1 of 3 in 2.5 s',
    })
    expect(data('assistant/chunk').map((chunk) => (chunk as { attempt?: number }).attempt)).toEqual([undefined, 2, 2])
    expect(data('assistant/message')).toMatchObject([{ text: 'hello' }])
  })

  it('gives up after the configured retries with a named failure, backing off by doubling', async () => {
    const s = standIns({ steps: [unavailable, unavailable, unavailable], config: { retries: 2 } })
    const outcome = await runTurn(s.turn(), prompt)
    expect(outcome.reason).toBe('error')
    expect(outcome.error).toMatchObject({ code: 'RETRIES_EXHAUSTED', status: 503 })
    expect(outcome.error?.message).toContain('gave up after 3 attempts (agent config retries: 2)')
    expect(s.waits).toEqual([1000, 2000])
  })

  it('does not retry once a chunk reached the client, and says so', async () => {
    const cut: StreamChunk[] = [
      { type: 'text-delta', text: 'A mu' },
      { type: 'finish', reason: 'error', error: { message: 'closed', code: 'STREAM_CLOSED' } },
    ]
    const s = standIns({ steps: [cut] })
    const outcome = await runTurn(s.turn(), prompt)
    expect(outcome.error).toMatchObject({ code: 'STREAM_CLOSED' })
    expect(outcome.error?.message).toBe('closed (not retried: 1 chunk of the answer had already reached the client)')
    expect(s.requests).toHaveLength(1)
  })

  it('does not retry with retries: 0, nor an error that is not transient', async () => {
    const off = standIns({ steps: [rateLimited], config: { retries: 0 } })
    expect((await runTurn(off.turn(), prompt)).error).toEqual(
      rateLimited[0]!.type === 'finish' && rateLimited[0]!.error,
    )
    const refused = standIns({ steps: [failing({ message: 'bad key', code: 'AUTH', status: 401 })] })
    expect((await runTurn(refused.turn(), prompt)).error?.code).toBe('AUTH')
    expect([off.requests.length, refused.requests.length, off.waits.length, refused.waits.length]).toEqual([1, 1, 0, 0])
  })

  it('ends the turn cancelled when the user cancels during the backoff, with no further attempt', async () => {
    let s = standIns()
    s = standIns({ steps: [unavailable, text('never')], onWait: () => s.controller.abort() })
    expect(await runTurn(s.turn(), prompt)).toEqual({ reason: 'cancelled' })
    expect(s.requests).toHaveLength(1)
    expect(s.events.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: 'cancelled' } })
  })

  it('caps the backoff, Retry-After included', () => {
    const config = { retries: 9, retryDelayMs: 1000, retryMaxDelayMs: 5000 }
    const error = { message: 'm', code: 'SERVER', status: 500 }
    const delay = (attempt: number, retryAfterMs?: number) => {
      const decision = decideRetry(
        { ...error, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) },
        attempt,
        0,
        config,
      )
      return decision.kind === 'retry' ? decision.delayMs : decision
    }
    expect([1, 2, 3, 4].map((attempt) => delay(attempt))).toEqual([1000, 2000, 4000, 5000])
    expect(delay(1, 60_000)).toBe(5000)
    expect(decideRetry({ message: 'm', code: 'ECONNRESET' }, 1, 0, config)).toEqual({ kind: 'retry', delayMs: 1000 })
  })
})
