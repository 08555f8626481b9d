// A provider with a protocol of its own (one JSON answer per request, no streaming wire dsh knows):
// it declares no wire, so `--stub` records through dsh's scripted stand-in instead of through it.
import type { Context } from 'cordis'
import type { LlmRequest, ModelAdapterDeclaration, ModelAdapterInfo, StreamChunk } from 'dsh/plugins/llm'
import { describeKey, keyProblem, readKey } from 'dsh/plugins/llm'

interface Config {
  url: string
  models: string[]
}

export const name = 'my-bespoke'
export const inject = ['llm']

const describe = (config: Config): ModelAdapterInfo => ({
  label: 'Bespoke',
  models: config.models,
  network: true,
  key: describeKey({ env: 'BESPOKE_KEY' }, process.env),
})

export const modelAdapter: ModelAdapterDeclaration = (config) => describe(config as Config)

export function apply(ctx: Context, config: Config) {
  const info = describe(config)
  ctx.llm.register(
    { ...info, stream: (request) => ask(config, readKey(info.key!), request), keyProblem: () => keyProblem(info.key!) },
    ctx,
  )
}

async function* ask(config: Config, key: string, request: LlmRequest): AsyncGenerator<StreamChunk> {
  const response = await fetch(config.url, {
    method: 'POST',
    headers: { 'x-bespoke-key': key },
    body: JSON.stringify({ prompt: request.messages.at(-1) }),
    signal: request.signal,
  })
  const { answer } = (await response.json()) as { answer: string }
  yield { type: 'text-delta', text: answer }
  yield { type: 'finish', reason: 'stop' }
}
