import { Context } from 'cordis'
import { afterEach, describe, expect, it } from 'vitest'
import LlmService, { LlmError, type LlmRequest, type StreamChunk } from './index.ts'

let ctx: Context
afterEach(async () => {
  await ctx?.fiber.dispose()
})

async function setup() {
  ctx = new Context()
  await ctx.plugin(LlmService)
  return ctx
}

function request(overrides: Partial<LlmRequest> = {}): LlmRequest {
  return {
    sessionId: 's',
    turn: 1,
    step: 1,
    model: 'm',
    system: '',
    messages: [],
    tools: [],
    signal: new AbortController().signal,
    ...overrides,
  }
}

async function collect(stream: AsyncIterable<StreamChunk>) {
  const chunks: StreamChunk[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return chunks
}

const hello: StreamChunk[] = [
  { type: 'text-delta', text: 'hello' },
  { type: 'finish', reason: 'stop' },
]
async function* fromArray(chunks: StreamChunk[]) {
  yield* chunks
}

describe('llm service', () => {
  it('dispatches to the adapter registered for the model', async () => {
    await setup()
    ctx.llm.register(['m'], () => fromArray(hello))
    expect(await collect(ctx.llm.stream(request()))).toEqual(hello)
  })

  it('turns an unknown model into one error finish naming the model', async () => {
    await setup()
    expect(await collect(ctx.llm.stream(request({ model: 'nope' })))).toEqual([
      { type: 'finish', reason: 'error', error: { code: 'UNKNOWN_MODEL', message: expect.stringContaining('"nope"') } },
    ])
  })

  it('turns an adapter throw before and during the stream into one error finish', async () => {
    await setup()
    ctx.llm.register(['before'], () => {
      throw new LlmError('denied', 'AUTH', 401)
    })
    ctx.llm.register(['during'], async function* () {
      yield { type: 'text-delta', text: 'par' }
      throw new LlmError('reset', 'STREAM_CLOSED')
    })
    expect(await collect(ctx.llm.stream(request({ model: 'before' })))).toEqual([
      { type: 'finish', reason: 'error', error: { message: 'denied', code: 'AUTH', status: 401 } },
    ])
    expect(await collect(ctx.llm.stream(request({ model: 'during' })))).toEqual([
      { type: 'text-delta', text: 'par' },
      { type: 'finish', reason: 'error', error: { message: 'reset', code: 'STREAM_CLOSED' } },
    ])
  })

  it('reports a stream that ends without a finish', async () => {
    await setup()
    ctx.llm.register(['m'], () => fromArray([{ type: 'text-delta', text: 'x' }]))
    expect((await collect(ctx.llm.stream(request()))).at(-1)).toMatchObject({
      type: 'finish',
      reason: 'error',
      error: { code: 'INCOMPLETE_STREAM' },
    })
  })

  it('ends a stalled stream with aborted as soon as the signal fires', async () => {
    await setup()
    ctx.llm.register(['m'], async function* () {
      yield { type: 'text-delta', text: 'a' }
      await new Promise(() => {})
    })
    const controller = new AbortController()
    const chunks: StreamChunk[] = []
    for await (const chunk of ctx.llm.stream(request({ signal: controller.signal }))) {
      chunks.push(chunk)
      if (chunk.type === 'text-delta') controller.abort()
    }
    expect(chunks).toEqual([
      { type: 'text-delta', text: 'a' },
      { type: 'finish', reason: 'aborted' },
    ])
  })

  it('lets a listener short-circuit the waterfall: the adapter is never called', async () => {
    await setup()
    let adapterCalls = 0
    ctx.llm.register(['m'], () => {
      adapterCalls++
      return fromArray(hello)
    })
    ctx.on('llm/stream', () =>
      fromArray([
        { type: 'text-delta', text: 'canned' },
        { type: 'finish', reason: 'stop' },
      ]),
    )
    expect(await collect(ctx.llm.stream(request()))).toEqual([
      { type: 'text-delta', text: 'canned' },
      { type: 'finish', reason: 'stop' },
    ])
    expect(adapterCalls).toBe(0)
  })

  it('turns a throwing listener into the same error finish an adapter throw gives', async () => {
    await setup()
    ctx.llm.register(['m'], () => fromArray(hello))
    ctx.on('llm/stream', () => {
      throw new LlmError('replayed 401', 'AUTH', 401)
    })
    expect(await collect(ctx.llm.stream(request()))).toEqual([
      { type: 'finish', reason: 'error', error: { message: 'replayed 401', code: 'AUTH', status: 401 } },
    ])
  })

  it('runs middleware in registration order and lets it observe chunks unchanged', async () => {
    await setup()
    const seen: string[] = []
    ctx.llm.register(['m'], () => fromArray(hello))
    const observe = (label: string) => (req: LlmRequest, next: () => AsyncIterable<StreamChunk>) => {
      seen.push(`${label}:request:${req.model}`)
      return (async function* () {
        for await (const chunk of next()) {
          seen.push(`${label}:${chunk.type}`)
          yield chunk
        }
      })()
    }
    ctx.on('llm/stream', observe('outer'))
    ctx.on('llm/stream', observe('inner'))
    expect(await collect(ctx.llm.stream(request()))).toEqual(hello)
    expect(seen).toEqual([
      'outer:request:m',
      'inner:request:m',
      'inner:text-delta',
      'outer:text-delta',
      'inner:finish',
      'outer:finish',
    ])
  })

  it('unregisters an adapter with the plugin that registered it', async () => {
    await setup()
    const fiber = ctx.plugin({
      name: 'adapter',
      inject: ['llm'],
      apply: (child: Context) => {
        child.llm.register(['m'], () => fromArray(hello))
      },
    })
    await fiber
    expect(ctx.llm.models()).toEqual(['m'])
    await fiber.dispose()
    expect(ctx.llm.models()).toEqual([])
  })
})

describe('adapter registrations', () => {
  it('refuse a second adapter for a model, naming both; a stand-in may share it and answers instead', async () => {
    await setup()
    const stream = () => fromArray(hello)
    ctx.llm.register({ label: 'A', models: ['m', 'n'], network: true, stream })
    expect(() => ctx.llm.register({ label: 'B', models: ['x', 'n'], network: true, stream })).toThrow(
      /model "n" is already served by an adapter outside the composition; give each model one adapter/,
    )
    const standIn = () => fromArray([{ type: 'finish', reason: 'stop' }])
    ctx.llm.register({ label: 'replay', models: ['m'], network: false, standsInFor: 'a', stream: standIn })
    expect(await collect(ctx.llm.stream(request({ model: 'm' })))).toEqual([{ type: 'finish', reason: 'stop' }])
    expect(ctx.llm.models()).toEqual(['m', 'n'])
    expect(ctx.llm.adapters().map((adapter) => [adapter.label, adapter.standsInFor])).toEqual([
      ['A', undefined],
      ['replay', 'a'],
    ])
  })

  it('the older form says nothing about the adapter, so it counts as reaching the network', async () => {
    await setup()
    ctx.llm.register(['m'], () => fromArray(hello))
    expect(ctx.llm.adapters()).toEqual([{ label: 'model adapter', models: ['m'], network: true, undeclared: true }])
  })
})
