// The `llm-openai` plugin: an OpenAI-compatible chat completions adapter (docs/openai-adapter.md).
// A preset names the provider (OpenAI, DeepSeek, OpenRouter, vLLM, Ollama); the config overrides it.
import type { Context } from 'cordis'
import type { ModelAdapterDeclaration } from '../llm/adapter.ts'
import { keyProblem, readKey } from '../llm/keys.ts'
import type { LlmAdapter } from '../llm/types.ts'
import { type CallProvider, streamChatCompletion } from './chat-completions.ts'
import { adapterInfo, completionsUrl, Config, settings, type Settings } from './config.ts'
import { PRESETS } from './presets.ts'
import { toWireBody } from './to-wire.ts'

export { Config, ConfigFields, requireModels } from './config.ts'
export { PRESET_NAMES, type PresetName } from './presets.ts'

export const name = 'llm-openai'
export const inject = ['llm']

type Env = Record<string, string | undefined>

/** What this plugin is for an entry's config, before it starts (docs/model-providers.md). */
export const modelAdapter: ModelAdapterDeclaration = (raw) => adapterInfo(Config.parse(raw))

/** The adapter; `env` is read per request (key and base URL), `process.env` by default. */
export function createOpenAiAdapter(config: Config, plugin = name, env: Env = process.env): LlmAdapter {
  const resolved = settings(config, env)
  const provider = callProvider(resolved, plugin)
  const defaultBaseUrl = PRESETS[config.preset].baseUrl
  return (request) => {
    // Resolve before the first chunk so a missing key fails the call, not the plugin.
    const apiKey = resolved.key ? readKey(resolved.key, env) : undefined
    const url = completionsUrl({ ...resolved, defaultBaseUrl }, env)
    const body = toWireBody(request, resolved.defaults, resolved.maxTokensField)
    return streamChatCompletion({ provider, url, apiKey, body, signal: request.signal, timeoutMs: resolved.timeoutMs })
  }
}

function callProvider(resolved: Settings, plugin: string): CallProvider {
  return {
    label: resolved.label,
    reasoningField: resolved.reasoningField,
    plugin,
    ...(resolved.key ? { keyEnv: resolved.key.env } : {}),
    ...(resolved.baseUrlEnv ? { baseUrlEnv: resolved.baseUrlEnv } : {}),
  }
}

/** Register the adapter for `config` with the llm service (shared with the `llm-deepseek` preset plugin). */
export function registerOpenAiAdapter(ctx: Context, config: Config, plugin = name): void {
  const info = adapterInfo(config)
  const key = info.key
  ctx.llm.register(
    {
      ...info,
      stream: createOpenAiAdapter(config, plugin),
      ...(key ? { keyProblem: () => keyProblem(key) } : {}),
    },
    ctx,
  )
}

export const apply = (ctx: Context, config: Config) => registerOpenAiAdapter(ctx, config)
