// Property: a real-like stream recorded through the real DeepSeek adapter (over loopback HTTP
// from the stub endpoint, UTF-8 characters cut between network writes) and the real session
// store replays chunk for chunk, and the chunks add up to exactly what the model sent. The seeds run
// concurrently (each has its own stub endpoint, context and folder): most of a seed is waiting on loopback writes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as deepseek from '../llm-deepseek/index.ts'
import { countTokens, modelTurn, startStubEndpoint, type TurnSpec } from '../../lib/model-wire/index.ts'
import LlmService from '../llm/index.ts'
import type { LlmRequest, StreamChunk } from '../llm/types.ts'
import { History } from '../session/history.ts'
import SessionStore from '../session/index.ts'
import ReplayService from './index.ts'
import { random } from './test-support/builders.ts'
import { realLikeTurn } from './test-support/real-like-streams.ts'

const root = mkdtempSync(join(tmpdir(), 'llm-replay-streams-'))
const savedKey = process.env.DEEPSEEK_API_KEY
// Once for the file, not per test: a concurrent test's afterEach would take the key from the others.
beforeAll(() => {
  process.env.DEEPSEEK_API_KEY = 'stub-key-not-a-secret'
})
afterAll(() => {
  if (savedKey === undefined) delete process.env.DEEPSEEK_API_KEY
  else process.env.DEEPSEEK_API_KEY = savedKey
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

interface Recorded {
  file: string
  requests: LlmRequest[]
  streams: StreamChunk[][]
}

const request = (sessionId: string, turn: number, history: History): LlmRequest => ({
  sessionId,
  turn,
  step: 1,
  model: 'deepseek-chat',
  system: 'You are a test.',
  messages: history.snapshot(),
  tools: [],
  signal: new AbortController().signal,
})

/** Each spec is one turn of one model call, recorded as the agent would log it. */
async function record(seed: number, specs: TurnSpec[]): Promise<Recorded> {
  const stub = await startStubEndpoint({ script: specs.map(modelTurn) })
  const ctx = new Context()
  try {
    await ctx.plugin(LlmService)
    await ctx.plugin(SessionStore, { root: join(root, `seed-${seed}`) })
    await ctx.plugin(deepseek, { baseUrl: stub.url } as deepseek.Config)
    const { id } = ctx.sessions.create({ cwd: root })
    const history = new History()
    const append: typeof ctx.sessions.append = (sessionId, type, data) => {
      const event = ctx.sessions.append(sessionId, type, data)
      history.add(event)
      return event
    }
    const out: Recorded = { file: ctx.sessions.path(id), requests: [], streams: [] }
    for (const [index, spec] of specs.entries()) {
      const turn = index + 1
      append(id, 'user/message', { turn, messageId: `m${turn}`, content: [{ type: 'text', text: `go ${turn}` }] })
      append(id, 'turn/start', { turn })
      append(id, 'step/start', { turn, step: 1 })
      const live = request(id, turn, history)
      const chunks: StreamChunk[] = []
      for await (const chunk of ctx.llm.stream(live)) {
        chunks.push(chunk)
        append(id, 'assistant/chunk', { turn, step: 1, chunk })
      }
      const toolCalls = (spec.toolCalls ?? []).map(({ id: callId, name, arguments: args }) => ({
        id: callId,
        name,
        arguments: args,
      }))
      append(id, 'assistant/message', { turn, step: 1, messageId: `a${turn}`, text: spec.text ?? '', toolCalls })
      for (const call of toolCalls) {
        append(id, 'tool/call', { turn, step: 1, callId: call.id, name: call.name, arguments: call.arguments })
        append(id, 'tool/result', { turn, step: 1, callId: call.id, output: 'ok', isError: false })
      }
      append(id, 'step/end', { turn, step: 1 })
      append(id, 'turn/end', { turn, reason: 'end_turn' })
      out.requests.push(live)
      out.streams.push(chunks)
    }
    return out
  } finally {
    await ctx.fiber.dispose()
    await stub.close()
  }
}

function assembled(chunks: StreamChunk[]) {
  const calls = new Map<number, { id?: string; name?: string; args: string }>()
  let text = ''
  let reasoning = ''
  for (const chunk of chunks) {
    if (chunk.type === 'text-delta') text += chunk.text
    if (chunk.type === 'reasoning-delta') reasoning += chunk.text
    if (chunk.type !== 'tool-call-delta') continue
    const call = calls.get(chunk.index) ?? { args: '' }
    call.id ??= chunk.id
    call.name ??= chunk.name
    call.args += chunk.argumentsDelta
    calls.set(chunk.index, call)
  }
  return { text, reasoning, calls: [...calls.values()] }
}

// The 12 cases run concurrently, so one case's wall time includes the others' work: under coverage on a
// loaded 2-core machine that passed 20 s. The bound is a hang guard, not a speed check.
describe('real-like stub streams, recorded and replayed', { timeout: 120_000 }, () => {
  it.concurrent.each(Array.from({ length: 12 }, (_, index) => index + 1))('seed %i', async (seed) => {
    const rand = random(seed)
    const specs = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, turn) =>
      realLikeTurn(rand, (index) => `call_${seed}_${turn}_${index}`),
    )
    const recorded = await record(seed, specs)

    // The adapter delivered exactly what the model sent, however the bytes were cut.
    specs.forEach((spec, index) => {
      const stream = recorded.streams[index] ?? []
      const got = assembled(stream)
      expect(got.text).toBe(spec.text ?? '')
      expect(got.reasoning).toBe(spec.reasoning ?? '')
      expect(got.calls).toEqual((spec.toolCalls ?? []).map((c) => ({ id: c.id, name: c.name, args: c.arguments })))
      const streamed = [
        spec.reasoning ?? '',
        spec.text ?? '',
        ...(spec.toolCalls ?? []).flatMap((c) => [c.name, c.arguments]),
      ]
      const usage = stream.find((chunk) => chunk.type === 'usage')
      expect(usage).toMatchObject({ outputTokens: streamed.reduce((sum, text) => sum + countTokens(text), 0) })
      expect((usage as { inputTokens: number }).inputTokens).toBeGreaterThan(0)
      expect(stream.at(-1)).toEqual({ type: 'finish', reason: spec.toolCalls?.length ? 'tool-calls' : 'stop' })
    })

    // Replay serves the recorded chunks, one for one, and finds no drift.
    const ctx = new Context()
    try {
      await ctx.plugin(LlmService)
      await ctx.plugin(ReplayService, { scenario: `seed-${seed}`, sessions: [{ file: recorded.file }] })
      for (const [index, live] of recorded.requests.entries()) {
        const served: StreamChunk[] = []
        for await (const chunk of ctx.llm.stream({ ...live, signal: new AbortController().signal })) served.push(chunk)
        expect(served).toEqual(recorded.streams[index])
      }
      expect(() => ctx.replay.verify()).not.toThrow()
    } finally {
      await ctx.fiber.dispose()
    }
  })
})
