// A model script whose failing attempts outnumber the configured retries is a named error naming the
// file, the items and the fix; runs that fit one call's attempts (or are no retryable failures) pass.
import { describe, expect, it } from 'vitest'
import type { ModelScriptItem } from '../../../lib/model-wire/model-script.ts'
import { scriptRetriesProblem } from './script-retries.ts'

const fail = (status: number): ModelScriptItem => ({ kind: 'httpError', value: { status, message: 'no' } })
const raw = (status: number): ModelScriptItem => ({ kind: 'error', value: { status, body: 'no' } })
const reply: ModelScriptItem = { kind: 'reply', value: { text: 'ok' } }
const file = 'scenarios/x/model.yml'

describe('scriptRetriesProblem', () => {
  it('passes runs of failures that one call can take: up to retries + 1, with replies between', () => {
    expect(scriptRetriesProblem([fail(503), fail(503), fail(503), reply], 2, file)).toBeUndefined()
    expect(scriptRetriesProblem([fail(429), reply, fail(429), reply], 0, file)).toBeUndefined()
    expect(scriptRetriesProblem([fail(500), fail(502), reply, raw(503), raw(503), raw(503)], 2, file)).toBeUndefined()
    // Not retried (401, 400): each is one call's final answer, however many follow.
    expect(scriptRetriesProblem([fail(401), fail(401), fail(400), fail(400)], 0, file)).toBeUndefined()
  })

  it('names a longer run: its items, the retries, the item that spills over, and the fix', () => {
    const problem = scriptRetriesProblem([reply, fail(503), fail(503), fail(429), fail(503), reply], 2, file)
    expect(problem).toBe(
      'scenarios/x/model.yml items 2–5 are 4 failing attempts in a row (HTTP 503, HTTP 429), but the agent makes ' +
        'at most 3 attempts per model call (agent config retries: 2): item 5 would be served to the next model ' +
        'call, not to a retry. Raise retries to 3 (the scenario\'s cordis.patch.yml: "- id: agent" with "config: ' +
        '{ retries: 3 }"), or end the run of failures at item 4 (a reply after it, or fewer items); nothing was ' +
        'recorded',
    )
    expect(scriptRetriesProblem([raw(500), raw(500)], 0, file)).toMatch(
      /items 1–2 are 2 failing .* at most 1 attempt per/,
    )
  })
})
