// `flaky N CODE [status] [message]`: a transient failure on the first N attempts of a call, so a
// retry can be scripted keylessly (docs/retries.md; conformance cases retry-notice, retry-exhausted).
import { describe, expect, it } from 'vitest'
import { EchoScriptError, parseEchoScript } from './commands.ts'
import { planEchoResponse } from './plan.ts'

const request = (attempt: number) => ({
  turn: 1,
  step: 1,
  attempt,
  system: '',
  messages: [{ role: 'user' as const, content: 'flaky 2 SERVER 503 overloaded\nfine now' }],
})

describe('flaky', () => {
  it('fails the first N attempts with Retry-After 0, then goes on past the line', () => {
    expect(planEchoResponse(request(1))).toEqual([
      { kind: 'fail', code: 'SERVER', status: 503, message: 'overloaded', retryAfterMs: 0 },
    ])
    expect(planEchoResponse(request(2))[0]).toMatchObject({ kind: 'fail', code: 'SERVER' })
    const third = planEchoResponse(request(3))
    expect(third[0]).toEqual({ kind: 'chunk', chunk: { type: 'text-delta', text: 'fine' } })
    expect(third.at(-1)).toEqual({ kind: 'chunk', chunk: { type: 'finish', reason: 'stop' } })
  })

  it('needs a positive count and a code', () => {
    expect(parseEchoScript('flaky 1 RATE_LIMIT 429')).toEqual([
      { kind: 'flaky', attempts: 1, code: 'RATE_LIMIT', status: 429 },
    ])
    expect(() => parseEchoScript('flaky SERVER')).toThrow(EchoScriptError)
    expect(() => parseEchoScript('flaky 0 SERVER')).toThrow('"flaky" needs a count of attempts and an error code')
  })
})
