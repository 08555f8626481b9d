// The `llm-deepseek` plugin: the OpenAI-compatible adapter (plugins/llm-openai) with DeepSeek's
// preset, kept under its own name so existing compositions keep working (docs/openai-adapter.md).
import type { Context } from 'cordis'
import { z } from 'zod'
import type { ModelAdapterDeclaration } from '../llm/adapter.ts'
import { adapterInfo } from '../llm-openai/config.ts'
import { ConfigFields, registerOpenAiAdapter, requireModels } from '../llm-openai/index.ts'

export const name = 'llm-deepseek'
export const inject = ['llm']

const { preset: _preset, ...fields } = ConfigFields

/** llm-openai's config without `preset` (always deepseek). */
export const Config = z
  .strictObject(fields)
  .prefault({})
  .transform((config) => ({ ...config, preset: 'deepseek' as const }))
  .superRefine(requireModels)
export type Config = z.output<typeof Config>

export const modelAdapter: ModelAdapterDeclaration = (raw) => adapterInfo(Config.parse(raw))

export const apply = (ctx: Context, config: Config) => registerOpenAiAdapter(ctx, config, name)
