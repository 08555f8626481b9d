// A project's own model provider, as a user writes it against docs/model-providers.md: an
// OpenAI-compatible chat completions client in TypeScript, not dsh's llm-openai. It declares what it
// is (modelAdapter), so dsh's overlays, guard, recording and --stub know it without knowing its name.
import type { Context } from 'cordis'
import type { LlmRequest, ModelAdapterDeclaration, ModelAdapterInfo, StreamChunk } from 'dsh/plugins/llm'
import { describeKey, keyProblem, LlmError, readKey, statusCode } from 'dsh/plugins/llm'

interface Config {
  /** Unset: MY_OPENAI_BASE_URL, read per request (as dsh's own adapters read theirs). */
  baseUrl?: string
  models: string[]
}

export const name = 'my-openai'
export const inject = ['llm']

const describe = (config: Config): ModelAdapterInfo => ({
  label: 'My OpenAI',
  models: config.models,
  network: true,
  key: describeKey({ env: 'MY_OPENAI_KEY', fileName: 'my-openai-key' }, process.env),
  wire: { kind: 'openai-chat', baseUrlConfig: 'baseUrl', baseUrlEnv: 'MY_OPENAI_BASE_URL' },
})

export const modelAdapter: ModelAdapterDeclaration = (config) => describe(config as Config)

export function apply(ctx: Context, config: Config) {
  const info = describe(config)
  const key = info.key!
  ctx.llm.register(
    { ...info, stream: (request) => complete(config, readKey(key), request), keyProblem: () => keyProblem(key) },
    ctx,
  )
}

async function* complete(config: Config, apiKey: string, request: LlmRequest): AsyncGenerator<StreamChunk> {
  const tools = request.tools.map((tool) => ({ type: 'function', function: tool }))
  const body = {
    model: request.model,
    messages: wireMessages(request),
    ...(tools.length ? { tools } : {}),
    stream: true,
  }
  const base = config.baseUrl ?? process.env.MY_OPENAI_BASE_URL ?? 'https://my-openai.example'
  const response = await fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: request.signal,
  })
  if (!response.ok || !response.body)
    throw new LlmError(`My OpenAI answered HTTP ${response.status}`, statusCode(response.status), response.status)
  let finish: StreamChunk | undefined
  for await (const chunk of sseData(response.body)) {
    const delta = chunk.choices?.[0]?.delta ?? {}
    if (delta.content) yield { type: 'text-delta', text: delta.content }
    for (const call of delta.tool_calls ?? [])
      yield {
        type: 'tool-call-delta',
        index: call.index,
        id: call.id,
        name: call.function?.name,
        argumentsDelta: call.function?.arguments ?? '',
      }
    if (chunk.usage)
      yield { type: 'usage', inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens }
    const reason = chunk.choices?.[0]?.finish_reason
    if (reason)
      finish = {
        type: 'finish',
        reason: reason === 'tool_calls' ? 'tool-calls' : reason === 'length' ? 'max-tokens' : 'stop',
      }
  }
  if (!finish) throw new LlmError('My OpenAI closed the stream before finishing', 'STREAM_CLOSED')
  yield finish
}

function wireMessages(request: LlmRequest) {
  const toolCalls = (calls: { id: string; name: string; arguments: string }[] = []) =>
    calls.length
      ? {
          tool_calls: calls.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: c.arguments },
          })),
        }
      : {}
  return [
    { role: 'system', content: request.system },
    ...request.messages.map((message) => {
      if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
      if (message.role === 'user') return { role: 'user', content: message.content }
      return { role: 'assistant', content: message.content || null, ...toolCalls(message.toolCalls) }
    }),
  ]
}

/** A chat.completion.chunk, as much of it as this plugin reads. */
interface Chunk {
  choices?: {
    delta?: {
      content?: string
      tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[]
    }
    finish_reason?: string | null
  }[]
  usage?: { prompt_tokens: number; completion_tokens: number }
}

/** Each `data:` payload of an SSE body, parsed, up to `[DONE]`. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<Chunk> {
  let buffer = ''
  for await (const text of body.pipeThrough(new TextDecoderStream())) {
    buffer += text
    const events = buffer.split('\n\n')
    buffer = events.pop() ?? ''
    for (const event of events) {
      const data = event
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6)
      if (data && data !== '[DONE]') yield JSON.parse(data)
    }
  }
}
