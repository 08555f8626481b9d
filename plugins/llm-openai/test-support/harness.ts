// Shared setup for the adapter's HTTP tests: an llm service, the plugin pointed at a stub
// endpoint, and a collector that fails if the API key leaks into any chunk.
import { Context, type Fiber } from 'cordis'
import { afterEach, beforeEach, vi } from 'vitest'
import { startStubEndpoint, type StubEndpoint } from '../../../lib/model-wire/index.ts'
import { LlmService } from '../../llm/index.ts'
import type { LlmRequest, StreamChunk } from '../../llm/types.ts'
import * as openai from '../index.ts'

export const TEST_KEY = 'sk-test-0123456789abcdef'

export interface Harness {
  ctx: Context
  stub: StubEndpoint
  /** The adapter plugin's own fiber (dispose it to unload just the adapter). */
  adapter: Fiber
  dispose(): Promise<void>
}

export async function startHarness(script: unknown[] = [], config: Record<string, unknown> = {}): Promise<Harness> {
  const stub = await startStubEndpoint({ script, expectApiKey: TEST_KEY })
  const ctx = new Context()
  await ctx.plugin(LlmService)
  // Cordis types the config as the parsed output; the zod schema fills the defaults at load.
  const adapter = await ctx.plugin(openai, { preset: 'deepseek', baseUrl: stub.url, ...config } as openai.Config)
  return {
    ctx,
    stub,
    adapter,
    async dispose() {
      await ctx.fiber.dispose()
      await stub.close()
    },
  }
}

export function makeRequest(overrides: Partial<LlmRequest> = {}): LlmRequest {
  return {
    sessionId: 'session-1',
    turn: 1,
    step: 1,
    model: 'deepseek-chat',
    system: 'You are a test.',
    messages: [{ role: 'user', content: 'hello' }],
    tools: [],
    signal: new AbortController().signal,
    ...overrides,
  }
}

export async function collect(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const chunks: StreamChunk[] = []
  for await (const chunk of stream) chunks.push(chunk)
  if (JSON.stringify(chunks).includes(TEST_KEY)) throw new Error('the API key leaked into the chunk stream')
  return chunks
}

/** The terminal chunk, asserted to be last and unique. */
export function finishOf(chunks: StreamChunk[]): Extract<StreamChunk, { type: 'finish' }> {
  const finishes = chunks.filter((chunk) => chunk.type === 'finish')
  const last = chunks.at(-1)
  if (finishes.length !== 1 || last?.type !== 'finish')
    throw new Error(`expected exactly one trailing finish, got ${JSON.stringify(chunks)}`)
  return last
}

export interface AdapterHarness {
  /** The current test's harness, once started; disposed after the test. */
  harness: Harness | undefined
  /** Starts a harness on `script` and streams one request through it. */
  run(script: unknown[], config?: Record<string, unknown>, request?: LlmRequest): Promise<StreamChunk[]>
}

/**
 * Per test: DEEPSEEK_API_KEY is the test key and DEEPSEEK_BASE_URL unset; afterwards the harness is
 * disposed and both variables are as they were. Call once at the top of a test file.
 */
export function useAdapterHarness(): AdapterHarness {
  const h: AdapterHarness = {
    harness: undefined,
    async run(script, config = {}, request = makeRequest()) {
      h.harness = await startHarness(script, config)
      return collect(h.harness.ctx.llm.stream(request))
    },
  }
  beforeEach(() => {
    vi.stubEnv('DEEPSEEK_API_KEY', TEST_KEY)
    vi.stubEnv('DEEPSEEK_BASE_URL', undefined)
  })
  afterEach(async () => {
    await h.harness?.dispose()
    h.harness = undefined
    vi.unstubAllEnvs()
  })
  return h
}
