// `llm-openai`'s config (validated by Cordis through Standard Schema): a preset names the provider,
// every other field overrides what the preset says. The request-time settings (base URL, key) are
// read from the environment per request.
import { z } from 'zod'
import type { AdapterKey, ModelAdapterInfo } from '../llm/adapter.ts'
import { describeKey } from '../llm/keys.ts'
import { LlmError } from '../llm/types.ts'
import { PRESET_NAMES, PRESETS, REASONING_FIELDS, type Preset, type PresetName } from './presets.ts'
import { RESERVED_BODY_KEYS } from './to-wire.ts'

/** Idle timeout: the longest wait for response headers or for the next bytes of the body. */
const DEFAULT_TIMEOUT_MS = 300_000

const KeyConfig = z.strictObject({
  /** The environment variable holding the key. */
  env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a variable name'),
  /** The key file's name in dsh's key folder ($XDG_CONFIG_HOME/dsh), read when the variable is unset. */
  fileName: z
    .string()
    .regex(/^[^/\\]+$/, 'a file name without a folder')
    .optional(),
  /** A variable naming another key file. */
  fileEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a variable name')
    .optional(),
})

export const ConfigFields = {
  /** Which provider: fills the base URL, key, reasoning field (and DeepSeek's models). */
  preset: z.enum(PRESET_NAMES).default('openai'),
  /** How messages and auth methods name the provider (default: the preset's). */
  label: z.string().min(1).optional(),
  /** Unset: the preset's base-URL variable, else its default (resolved per request). */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  models: z.array(z.string().min(1)).min(1, 'list at least one model name').optional(),
  /** The key's variable and file; `false` for a server that takes none (a local vLLM or Ollama). */
  key: z.union([KeyConfig, z.literal(false)]).optional(),
  /** The delta field carrying the model's reasoning (`none`: it sends none). */
  reasoningField: z.enum(REASONING_FIELDS).optional(),
  /** Extra body fields (temperature, …), sent in sorted key order. */
  defaults: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((defaults) => !RESERVED_BODY_KEYS.some((key) => key in defaults), {
      message: `defaults may not set ${RESERVED_BODY_KEYS.join(', ')}: the adapter owns them`,
    }),
  /** The body field of the request's token limit (`max_completion_tokens` for OpenAI's newer models). */
  maxTokensField: z.enum(['max_tokens', 'max_completion_tokens']).default('max_tokens'),
  /** Context window in tokens, per model (compaction reads it). */
  contextWindow: z.record(z.string(), z.int().positive()).optional(),
  timeoutMs: z.number().int().positive().default(DEFAULT_TIMEOUT_MS),
}

export const Config = z.strictObject(ConfigFields).prefault({}).superRefine(requireModels)
export type Config = z.output<typeof Config>

/** A preset without stable model names needs the config to list them. */
export function requireModels(config: { preset: PresetName; models?: string[] }, ctx: z.RefinementCtx): void {
  if (config.models || (PRESETS[config.preset] as Preset).models) return
  ctx.addIssue({
    code: 'custom',
    path: ['models'],
    message: `preset ${config.preset} has no default models: list the model names the endpoint serves`,
  })
}

type Env = Record<string, string | undefined>

/** The config with the preset's values filled in. */
export interface Settings {
  label: string
  models: string[]
  baseUrl?: string
  baseUrlEnv?: string
  key?: AdapterKey
  reasoningField: (typeof REASONING_FIELDS)[number]
  defaults: Record<string, unknown>
  maxTokensField: Config['maxTokensField']
  contextWindow?: Record<string, number>
  timeoutMs: number
}

export function settings(config: Config, env: Env = process.env): Settings {
  const preset: Preset = PRESETS[config.preset]
  const keySpec = config.key === false ? undefined : (config.key ?? preset.key)
  return {
    label: config.label ?? preset.label,
    models: config.models ?? preset.models ?? [],
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(preset.baseUrlEnv ? { baseUrlEnv: preset.baseUrlEnv } : {}),
    ...(keySpec ? { key: describeKey(keySpec, env) } : {}),
    reasoningField: config.reasoningField ?? preset.reasoningField,
    defaults: config.defaults,
    maxTokensField: config.maxTokensField,
    ...(config.contextWindow ? { contextWindow: config.contextWindow } : {}),
    timeoutMs: config.timeoutMs,
  }
}

/** What the adapter is for this config (the module's `modelAdapter`, and its registration). */
export function adapterInfo(config: Config, env: Env = process.env): ModelAdapterInfo {
  const resolved = settings(config, env)
  return {
    label: resolved.label,
    models: resolved.models,
    network: true,
    ...(resolved.key ? { key: resolved.key } : {}),
    wire: {
      kind: 'openai-chat',
      baseUrlConfig: 'baseUrl',
      ...(resolved.baseUrlEnv ? { baseUrlEnv: resolved.baseUrlEnv } : {}),
    },
    ...(resolved.contextWindow ? { contextWindow: resolved.contextWindow } : {}),
  }
}

/** `{baseUrl}/chat/completions`; config wins over the preset's variable, which wins over its default. */
export function completionsUrl(
  resolved: Pick<Settings, 'baseUrl' | 'baseUrlEnv' | 'label'> & { defaultBaseUrl: string },
  env: Env,
): string {
  const fromEnv = resolved.baseUrlEnv ? env[resolved.baseUrlEnv]?.trim() : undefined
  const base = resolved.baseUrl ?? (fromEnv || resolved.defaultBaseUrl)
  const fix = `fix ${resolved.baseUrlEnv ? `${resolved.baseUrlEnv} or ` : ''}the baseUrl config`
  let url: URL
  try {
    url = new URL(`${base.replace(/\/+$/, '')}/chat/completions`)
  } catch {
    throw new LlmError(`${resolved.label} base URL ${JSON.stringify(base)} is not a valid URL; ${fix}`, 'BAD_CONFIG')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new LlmError(
      `${resolved.label} base URL ${JSON.stringify(base)} must use http or https; ${fix}`,
      'BAD_CONFIG',
    )
  return url.href
}
