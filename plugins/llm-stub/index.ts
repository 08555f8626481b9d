// The `llm-stub` plugin: the scripted stand-in (docs/model-providers.md). When `--stub` records with
// an adapter whose wire the model server does not speak, the host turns that adapter off and puts
// this in: it serves the adapter's models (stand-in.ts) from the same model server, taking each
// model.yml item as JSON and playing it as the adapter's chunks would have been (play.ts).
import type { Context } from 'cordis'
import { z } from 'zod'
import type { ModelScriptItem } from '../../lib/model-wire/model-script.ts'
import { countRequestTokens } from '../../lib/model-wire/token-cut.ts'
import { composedAdapters, disabledNetworkAdapters, standIn } from '../llm/stand-in.ts'
import { LlmError, type LlmAdapter, type LlmRequest, type StreamChunk } from '../llm/types.ts'
import { playItem } from './play.ts'

export const name = 'llm-stub'
export const inject = ['llm']

export const Config = z.strictObject({
  /** The model server's base URL (loopback only). */
  url: z.url({ protocol: /^http$/, hostname: /^(127\.0\.0\.1|localhost|\[::1\])$/ }),
})
export type Config = z.output<typeof Config>

/** Ask the server for the next item (it records the request), then play it. */
export function scriptedAdapter(url: string): LlmAdapter {
  return (request) => play(url, request)
}

async function* play(url: string, request: LlmRequest): AsyncGenerator<StreamChunk> {
  const { signal, ...rest } = request
  const response = await fetch(`${url}/dsh/model-script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...rest, messages: request.messages }),
    signal,
  })
  const body = (await response.json()) as ModelScriptItem | { error?: { message?: string } }
  if (!response.ok || !('kind' in body))
    throw new LlmError(`the scripted model: ${('error' in body && body.error?.message) || response.status}`, 'SERVER')
  const played = playItem(body, countRequestTokens({ messages: rest.messages, tools: rest.tools }))
  for (const chunk of played.chunks) {
    if (played.delayMs) await sleep(played.delayMs, signal)
    yield chunk
  }
  if (played.ending.kind === 'throw') throw played.ending.error
  if (played.ending.kind === 'hang') await untilAborted(signal)
}

export const apply = (ctx: Context, config: Config) => {
  const stream = scriptedAdapter(config.url)
  // The composition is provided once its entries are up: stand in for its turned-off adapters then.
  ctx.inject(['composition'], (inner) => {
    for (const adapter of disabledNetworkAdapters(composedAdapters(inner.get('composition'))))
      inner.llm.register(standIn(adapter, stream), inner)
  })
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve())))
}
