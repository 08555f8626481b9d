// The `llm-deepseek` plugin: registers the DeepSeek chat completions adapter for the
// configured models. See docs/deepseek-adapter.md for config, error codes and the wire body.
import type { Context } from 'cordis'
import type { LlmAdapter } from '../llm/types.ts'
import { streamChatCompletion } from './chat-completions.ts'
import { type Config, completionsUrl, keyProblem, readApiKey } from './config.ts'
import { forgetApiKey } from './held-key.ts'
import { toWireBody } from './to-wire.ts'

export { Config } from './config.ts'

export const name = 'llm-deepseek'
export const inject = ['llm']

type Env = Record<string, string | undefined>

/** The adapter; `env` is read per request (key and base URL), `process.env` by default. */
export function createDeepseekAdapter(config: Config, env: Env = process.env): LlmAdapter {
  return (request) => {
    // Resolve before the first chunk so a missing key fails the call, not the plugin.
    const apiKey = readApiKey(env)
    const url = completionsUrl(config, env)
    const body = toWireBody(request, config.defaults)
    return streamChatCompletion({ url, apiKey, body, signal: request.signal, timeoutMs: config.timeoutMs })
  }
}

export const apply = (ctx: Context, config: Config) => {
  ctx.llm.register(config.models, createDeepseekAdapter(config), ctx)
  ctx.llm.requireKey(config.models, () => keyProblem(process.env), ctx)
  // ACP logout forgets the key read at start; the key file stays (restart dsh to read it again).
  ctx.llm.holdKey(() => forgetApiKey(process.env), ctx)
}
