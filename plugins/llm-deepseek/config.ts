// Plugin config (validated by Cordis through Standard Schema) and the request-time
// settings read from the environment.
import { z } from 'zod'
import { LlmError } from '../llm/types.ts'
import { heldApiKey } from './held-key.ts'
import { RESERVED_BODY_KEYS } from './to-wire.ts'

const DEFAULT_BASE_URL = 'https://api.deepseek.com'
const DEFAULT_MODELS = ['deepseek-chat', 'deepseek-reasoner']
/** Idle timeout: the longest wait for response headers or for the next bytes of the body. */
const DEFAULT_TIMEOUT_MS = 300_000

export const Config = z
  .strictObject({
    /** Unset: DEEPSEEK_BASE_URL, else DEFAULT_BASE_URL (resolved per request). */
    baseUrl: z.url({ protocol: /^https?$/ }).optional(),
    models: z.array(z.string().min(1)).min(1).default(DEFAULT_MODELS),
    /** Extra body fields (temperature, max_tokens, …), sent in sorted key order. */
    defaults: z
      .record(z.string(), z.unknown())
      .default({})
      .refine((defaults) => !RESERVED_BODY_KEYS.some((key) => key in defaults), {
        message: `defaults may not set ${RESERVED_BODY_KEYS.join(', ')}: the adapter owns them`,
      }),
    timeoutMs: z.number().int().positive().default(DEFAULT_TIMEOUT_MS),
  })
  .prefault({})

export type Config = z.output<typeof Config>

type Env = Record<string, string | undefined>

/** `{baseUrl}/chat/completions`; config wins over DEEPSEEK_BASE_URL, which wins over the default. */
export function completionsUrl(config: Pick<Config, 'baseUrl'>, env: Env): string {
  const base = config.baseUrl ?? (env.DEEPSEEK_BASE_URL?.trim() || DEFAULT_BASE_URL)
  let url: URL
  try {
    url = new URL(`${base.replace(/\/+$/, '')}/chat/completions`)
  } catch {
    throw new LlmError(
      `DeepSeek base URL ${JSON.stringify(base)} is not a valid URL; fix DEEPSEEK_BASE_URL or the llm-deepseek ` +
        `baseUrl config`,
      'BAD_CONFIG',
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LlmError(
      `DeepSeek base URL ${JSON.stringify(base)} must use http or https; fix DEEPSEEK_BASE_URL or the llm-deepseek ` +
        `baseUrl config`,
      'BAD_CONFIG',
    )
  }
  return url.href
}

/** What is wrong with the key `readApiKey` would read, or undefined when it is usable (never the key). */
export function keyProblem(env: Env): string | undefined {
  try {
    readApiKey(env)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

/** The key, read when a request is made (so a key set after startup is picked up). Never echoed. */
export function readApiKey(env: Env): string {
  // A key set in the environment later wins over the one `dsh serve` took out of it at start.
  const key = (env.DEEPSEEK_API_KEY ?? heldApiKey())?.trim()
  if (!key)
    throw new LlmError(
      'DEEPSEEK_API_KEY is not set; export it (or put it in .env) to use the DeepSeek models',
      'NO_API_KEY',
    )
  // A key with spaces or control characters cannot go in a header, and fetch's own
  // error for that would quote the header value, i.e. the key.
  if (!/^[\x21-\x7e]+$/.test(key))
    throw new LlmError(
      'DEEPSEEK_API_KEY contains spaces or non-printable characters; set it to the bare key',
      'BAD_API_KEY',
    )
  return key
}
