// Where record without --stub sends a foreign agent's model requests: the preset's `upstream` (or
// --upstream / dsh.config.yml agent.upstream) with the key read from the variable its `keyEnv`
// names, in the header the wire carries keys in. The key is read here, in dsh's process, and only
// ever put on the upstream request: the agent holds the preset's dummy. Pure but for `env`.
import { NamedError } from '../named-error.ts'
import type { AgentPreset } from './preset.ts'
import type { Wire } from './wires.ts'

export interface Upstream {
  /** The provider's base URL; a request's path (and query) is appended to it. */
  url: string
  wire: Wire
  /** The variable the key came from, for messages. */
  keyEnv: string
  key: string
}

/** A provider's key header per wire (OpenAI's wires: `Authorization: Bearer <key>`). */
const KEY_HEADERS: Record<Wire, string> = {
  gemini: 'x-goog-api-key',
  'anthropic-messages': 'x-api-key',
  'openai-chat': 'authorization',
  'openai-responses': 'authorization',
  script: 'authorization',
}

/** Headers the agent sent that are not forwarded: its (dummy) keys, and the connection's own. */
const DROPPED = new Set([
  'authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'te',
  'expect',
  'accept-encoding',
  'proxy-authorization',
])

/** The key is missing: which variable, and what to do. */
class MissingKeyError extends NamedError {
  override name = 'MissingKeyError'
}

/** The preset (or the override) does not say where the provider is. */
class UpstreamConfigError extends NamedError {
  override name = 'UpstreamConfigError'
}

/** The upstream of a live record run: named errors for each thing that is missing. */
export function resolveUpstream(
  preset: AgentPreset | undefined,
  override: string | undefined,
  env: NodeJS.ProcessEnv,
): Upstream {
  const fallback = 'or record keylessly with --stub (model.yml)'
  if (!preset)
    throw new UpstreamConfigError(
      'record against the live provider needs an agent preset (--agent-preset) for its wire, upstream and keyEnv; ' +
        fallback,
    )
  const url = override ?? preset.upstream
  if (!url)
    throw new UpstreamConfigError(
      `preset ${preset.name} names no upstream (the provider's base URL) to record against; add upstream: to the ` +
        `preset, give --upstream URL or dsh.config.yml agent.upstream, ${fallback}`,
    )
  checkUrl(url)
  if (!preset.keyEnv)
    throw new UpstreamConfigError(
      `preset ${preset.name} names no keyEnv (the variable holding the provider key); add keyEnv: to it, ${fallback}`,
    )
  const key = env[preset.keyEnv]
  if (!key)
    throw new MissingKeyError(
      `${preset.keyEnv} is not set: record against ${url} reads the provider key from it (preset ${preset.name}, ` +
        `keyEnv); export it in this shell, ${fallback}. The agent never sees it: it gets the preset's dummy key`,
    )
  return { url: url.replace(/\/+$/, ''), wire: preset.wire, keyEnv: preset.keyEnv, key }
}

function checkUrl(url: string): void {
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:')
    throw new UpstreamConfigError(`upstream ${JSON.stringify(url)} is not an http(s) URL; give the provider's base URL`)
}

/** The provider's URL for a request the agent made to `path` (with its query, less any `key=`). */
export function upstreamUrl(upstream: Upstream, path: string, search = ''): string {
  const url = new URL(upstream.url)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`
  const query = new URLSearchParams(search)
  query.delete('key')
  url.search = query.toString()
  return url.toString()
}

/** The agent's headers without its dummy key and connection headers, with the real key in the wire's header. */
export function upstreamHeaders(upstream: Upstream, headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) if (!DROPPED.has(name)) out[name] = value
  const header = KEY_HEADERS[upstream.wire]
  out[header] = header === 'authorization' ? `Bearer ${upstream.key}` : upstream.key
  return out
}
