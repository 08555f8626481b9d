// ACP authentication: one method per key the composed model adapters read (docs/security.md,
// docs/model-providers.md). `authenticate` only checks that the adapters of a method have their
// key; it never reads, returns or logs the key. Keyless adapters (echo, replay's stand-ins) need none.
import * as acp from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import type { AdapterKey, RegisteredAdapter } from '../llm/adapter.ts'

const KEY_METHOD_ID = 'api-key'

interface KeyMethod {
  method: acp.AuthMethod
  key: AdapterKey
  models: string[]
}

/** The methods for the adapters registered now: `api-key` for one key, `api-key:<VARIABLE>` for each of several. */
function keyMethods(adapters: readonly RegisteredAdapter[]): KeyMethod[] {
  const byVariable = new Map<string, { key: AdapterKey; labels: string[]; models: string[] }>()
  for (const adapter of adapters) {
    if (!adapter.key) continue
    const seen = byVariable.get(adapter.key.env) ?? { key: adapter.key, labels: [], models: [] }
    if (!seen.labels.includes(adapter.label)) seen.labels.push(adapter.label)
    seen.models.push(...adapter.models)
    byVariable.set(adapter.key.env, seen)
  }
  const single = byVariable.size === 1
  return [...byVariable.values()].map(({ key, labels, models }) => ({
    key,
    models,
    method: {
      id: single ? KEY_METHOD_ID : `${KEY_METHOD_ID}:${key.env}`,
      name: single ? 'API key (key file or environment)' : `${labels.join(' / ')} API key (key file or environment)`,
      description: describeKey(key, single ? 'model' : labels.join(' / ')),
    },
  }))
}

/** Where the key goes, in words that do not depend on this machine's environment (goldens pin them). */
function describeKey(key: AdapterKey, whose: string): string {
  const file = key.fileName ? `~/.config/dsh/${key.fileName}` : undefined
  const files = file && key.fileEnv ? `${file} (or the file ${key.fileEnv} names)` : (file ?? key.fileEnv)
  const from = [files, `${key.env} in ./.env`, `${key.env} in its environment`].filter(Boolean)
  const sources = `${from.slice(0, -1).join(', from ')}, or from ${from.at(-1)}`
  return (
    `dsh reads the ${whose} API key when it starts: from ${sources}. Put the key in one of them and restart the ` +
    'agent; it is never sent over ACP.'
  )
}

export function authMethods(ctx: Context): acp.AuthMethod[] {
  return keyMethods(ctx.llm.adapters()).map(({ method }) => method)
}

/** authenticate: an unknown method is -32602 naming the known ones; a missing key is auth_required (-32000). */
export function authenticate(ctx: Context, params: acp.AuthenticateRequest): acp.AuthenticateResponse {
  const methods = keyMethods(ctx.llm.adapters())
  const chosen = methods.find(({ method }) => method.id === params.methodId)
  if (!chosen) {
    const known = methods.map(({ method }) => method.id)
    const offers = known.length ? `dsh offers ${known.map((id) => `"${id}"`).join(', ')}` : 'no adapter needs a key'
    throw acp.RequestError.invalidParams(
      { methodId: params.methodId, known },
      `authenticate: unknown method "${params.methodId}"; ${offers}`,
    )
  }
  for (const model of chosen.models) {
    const problem = ctx.llm.keyProblem(model)
    if (!problem) continue
    const where = chosen.key.file ? `${chosen.key.file} (or ${chosen.key.env})` : chosen.key.env
    throw acp.RequestError.authRequired(
      { methodId: params.methodId, model },
      `authenticate: model "${model}" has no usable API key (${problem}); put it in ${where} and restart dsh`,
    )
  }
  return {}
}

/**
 * logout: the adapters' keys held in memory are forgotten and no key is read again until dsh
 * restarts, so the next model call fails for want of one. No file is deleted: the answer names the
 * key files that stay (in words that do not depend on this machine: goldens pin them), so the user
 * can remove them themselves (docs/session-delete.md, "logout").
 */
export function logout(ctx: Context): acp.LogoutResponse {
  const forgotten = ctx.llm.logOut()
  const held = forgotten ? 'the API key held in memory was forgotten' : 'no API key was held in memory'
  const files = keyMethods(ctx.llm.adapters()).map(({ key }) => describeFiles(key) ?? key.env)
  const stays = files.length ? `the key file (${files.join('; ')}) is` : 'any key file is'
  const note = `${held}; no file was deleted: ${stays} read again when dsh starts, so delete it yourself to log out for good`
  return { _meta: { 'dsh/forgotKeys': forgotten, 'dsh/note': note } }
}

function describeFiles(key: AdapterKey): string | undefined {
  const file = key.fileName ? `~/.config/dsh/${key.fileName}` : undefined
  if (key.fileEnv) return file ? `${key.fileEnv}, else ${file}` : key.fileEnv
  return file
}
