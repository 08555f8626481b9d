import { Context } from 'cordis'
import { afterEach, describe, expect, it, vi } from 'vitest'
import LlmService from '../llm/index.ts'
import type { LlmRequest, Message, StreamChunk } from '../llm/types.ts'
import * as echo from './index.ts'

let ctx: Context | undefined

afterEach(async () => {
  await ctx?.fiber.dispose()
  ctx = undefined
})

async function start(config?: echo.Config): Promise<Context> {
  ctx = new Context()
  await ctx.plugin(LlmService)
  // An empty config goes through the zod schema, which fills in models ['echo'].
  await ctx.plugin(echo, config ?? ({} as echo.Config))
  return ctx
}

function request(messages: Message[] | string, overrides: Partial<LlmRequest> = {}): LlmRequest {
  return {
    sessionId: 's',
    turn: 1,
    step: 1,
    model: 'echo',
    system: 'be brief',
    tools: [],
    messages: typeof messages === 'string' ? [{ role: 'user', content: messages }] : messages,
    signal: new AbortController().signal,
    ...overrides,
  }
}

async function collect(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const chunks: StreamChunk[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return chunks
}

const last = (chunks: StreamChunk[]) => chunks[chunks.length - 1]
const texts = (chunks: StreamChunk[], type: 'text-delta' | 'reasoning-delta') =>
  chunks.flatMap((chunk) => (chunk.type === type ? [chunk.text] : []))
/**
 * Runs `body` with `open()`: the delays of the timers made since it started and not yet fired or
 * cleared. (Not a process-wide count: the test files of a worker share its process, and a timer
 * another file left may fire in the middle.)
 */
async function watchTimers(body: (open: () => number[]) => Promise<void>) {
  const { setTimeout: realSet, clearTimeout: realClear } = globalThis
  const open = new Map<NodeJS.Timeout, number>()
  const set = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    fn: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const timer = realSet(() => {
      open.delete(timer)
      fn(...args)
    }, ms)
    open.set(timer, ms ?? 0)
    return timer
  }) as typeof setTimeout)
  const clear = vi.spyOn(globalThis, 'clearTimeout').mockImplementation((timer) => {
    open.delete(timer as NodeJS.Timeout)
    realClear(timer as NodeJS.Timeout)
  })
  try {
    await body(() => [...open.values()])
  } finally {
    set.mockRestore()
    clear.mockRestore()
  }
}

describe('llm-echo through ctx.llm.stream', () => {
  it('serves model "echo" by default', async () => {
    expect((await start()).llm.models()).toEqual(['echo'])
  })

  it('registers the configured models and unregisters them on dispose', async () => {
    const root = await start({ models: ['echo-a', 'echo-b'] })
    expect(root.llm.models()).toEqual(['echo-a', 'echo-b'])
    const fiber = await root.plugin(echo, { models: ['echo-c'] })
    expect(root.llm.models()).toContain('echo-c')
    await fiber.dispose()
    expect(root.llm.models()).not.toContain('echo-c')
  })

  it('echoes text lines as word deltas, then usage, then finish stop', async () => {
    const llm = (await start()).llm
    const chunks = await collect(llm.stream(request('hello big world\nsecond line')))
    expect(texts(chunks, 'text-delta')).toEqual(['hello', ' big', ' world', '\nsecond', ' line'])
    // input: "be brief" (8) + message (27) = 35 chars → 9 tokens; output 27 chars → 7 tokens.
    expect(chunks.slice(-2)).toEqual([
      { type: 'usage', inputTokens: 9, outputTokens: 7 },
      { type: 'finish', reason: 'stop' },
    ])
  })

  it('is deterministic: the same request yields the same chunks', async () => {
    const llm = (await start()).llm
    const script = 'think a\ntool t {"x":1}\nsome text'
    expect(await collect(llm.stream(request(script)))).toEqual(await collect(llm.stream(request(script))))
  })

  it('streams "think" lines as reasoning deltas', async () => {
    const llm = (await start()).llm
    const chunks = await collect(llm.stream(request('think first this\nthink then that\nanswer')))
    expect(texts(chunks, 'reasoning-delta')).toEqual(['first', ' this', '\nthen', ' that'])
    expect(texts(chunks, 'text-delta')).toEqual(['answer'])
    expect(chunks.findIndex((chunk) => chunk.type === 'text-delta')).toBeGreaterThan(3)
  })

  it('emits several tool calls in one step, arguments split over two deltas, finish tool-calls', async () => {
    const llm = (await start()).llm
    const chunks = await collect(
      llm.stream(request('tool read_file {"path":"a.txt"}\ntool bash', { turn: 3, step: 2 })),
    )
    expect(chunks.filter((chunk) => chunk.type === 'tool-call-delta')).toEqual([
      { type: 'tool-call-delta', index: 0, id: 'call_3_2_1', name: 'read_file', argumentsDelta: '{"path":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"a.txt"}' },
      { type: 'tool-call-delta', index: 1, id: 'call_3_2_2', name: 'bash', argumentsDelta: '{' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '}' },
    ])
    expect(last(chunks)).toEqual({ type: 'finish', reason: 'tool-calls' })
  })

  it('fails mid-stream with the scripted code, status and message after the chunks so far', async () => {
    const llm = (await start()).llm
    const chunks = await collect(llm.stream(request('partial answer\nfail RATE_LIMITED 429 slow down\nnever sent')))
    expect(chunks).toEqual([
      { type: 'text-delta', text: 'partial' },
      { type: 'text-delta', text: ' answer' },
      { type: 'finish', reason: 'error', error: { message: 'slow down', code: 'RATE_LIMITED', status: 429 } },
    ])
  })

  it('fails before any chunk with a default message', async () => {
    const llm = (await start()).llm
    expect(await collect(llm.stream(request('fail OVERLOADED')))).toEqual([
      {
        type: 'finish',
        reason: 'error',
        error: { message: 'echo model failed with OVERLOADED (scripted)', code: 'OVERLOADED' },
      },
    ])
  })

  it('ends at "finish <reason>" and ignores the lines after it', async () => {
    const llm = (await start()).llm
    const chunks = await collect(llm.stream(request('cut off\nfinish max-tokens\nnever sent')))
    expect(texts(chunks, 'text-delta')).toEqual(['cut', ' off'])
    expect(chunks.slice(-2).map((chunk) => chunk.type)).toEqual(['usage', 'finish'])
    expect(last(chunks)).toEqual({ type: 'finish', reason: 'max-tokens' })
  })

  it('reports a malformed command as a stream error naming the line', async () => {
    const llm = (await start()).llm
    const finish = last(await collect(llm.stream(request('ok\nsleep soon'))))
    expect(finish).toMatchObject({ type: 'finish', reason: 'error', error: { code: 'ECHO_BAD_SCRIPT' } })
    expect(finish?.type === 'finish' && finish?.error?.message).toMatch(
      /echo script line 2: "sleep" needs whole milliseconds/,
    )
  })

  it('holds the stream for "sleep <ms>"', async () => {
    const llm = (await start()).llm
    const started = Date.now()
    const chunks = await collect(llm.stream(request('sleep 80\ndone')))
    // The delay is the behaviour under test (75: a timer may fire a millisecond early by Date.now()).
    expect(Date.now() - started).toBeGreaterThanOrEqual(75)
    expect(texts(chunks, 'text-delta')).toEqual(['done'])
  })

  for (const sleep of ['sleep 60000', 'sleep forever']) {
    it(`ends with finish aborted when aborted during "${sleep}", leaving no timer`, async () => {
      const llm = (await start()).llm
      const controller = new AbortController()
      const iterator = llm
        .stream(request(`before\n${sleep}\nafter`, { signal: controller.signal }))
        [Symbol.asyncIterator]()
      await watchTimers(async (open) => {
        expect((await iterator.next()).value).toEqual({ type: 'text-delta', text: 'before' })
        const pending = iterator.next()
        await new Promise((resolve) => setImmediate(resolve)) // let the adapter enter its pause
        expect(open()).toEqual(sleep === 'sleep forever' ? [] : [60_000])
        controller.abort()
        // Only the abort can end this pause (60 s, or never): the next chunk is the aborted finish.
        expect((await pending).value).toEqual({ type: 'finish', reason: 'aborted' })
        expect((await iterator.next()).done).toBe(true)
        await new Promise((resolve) => setImmediate(resolve))
        expect(open()).toEqual([])
      })
    })
  }

  it('runs a tool turn: call, then a summary of the result that finishes stop', async () => {
    const llm = (await start()).llm
    const user: Message = { role: 'user', content: 'tool read_file {"path":"notes.txt"}' }
    const first = await collect(llm.stream(request([user])))
    expect(last(first)).toEqual({ type: 'finish', reason: 'tool-calls' })
    const call = first.find((chunk) => chunk.type === 'tool-call-delta' && chunk.id)
    expect(call).toMatchObject({ id: 'call_1_1_1', name: 'read_file' })

    const output = 'x'.repeat(250)
    const second = await collect(
      llm.stream(
        request(
          [
            user,
            {
              role: 'assistant',
              content: '',
              toolCalls: [{ id: 'call_1_1_1', name: 'read_file', arguments: '{"path":"notes.txt"}' }],
            },
            { role: 'tool', toolCallId: 'call_1_1_1', name: 'read_file', content: output },
          ],
          { step: 2 },
        ),
      ),
    )
    expect(texts(second, 'text-delta').join('')).toBe(`tool read_file returned: ${'x'.repeat(200)}…`)
    expect(second.some((chunk) => chunk.type === 'tool-call-delta')).toBe(false)
    expect(last(second)).toEqual({ type: 'finish', reason: 'stop' })
  })

  it('summarises every result of a multi-call step, marking errors', async () => {
    const llm = (await start()).llm
    const chunks = await collect(
      llm.stream(
        request([
          { role: 'user', content: 'tool a\ntool b' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [
              { id: '1', name: 'a', arguments: '{}' },
              { id: '2', name: 'b', arguments: '{}' },
            ],
          },
          { role: 'tool', toolCallId: '1', name: 'a', content: 'fine' },
          { role: 'tool', toolCallId: '2', name: 'b', content: 'no such file', isError: true },
        ]),
      ),
    )
    expect(texts(chunks, 'text-delta').join('')).toBe('tool a returned: fine\ntool b failed: no such file')
  })
})
