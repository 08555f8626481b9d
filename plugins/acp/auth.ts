// ACP authentication (docs/security.md, "API keys"): the methods come from the composed model
// adapters' keys (auth-methods.ts). `authenticate` answers whether the key of an agent method is
// there; it never reads out, returns or logs the key. `logout` forgets the keys held in memory.
import * as acp from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import { type KeyNeed, keyFiles, keyNeeds, loginCommand, offeredMethods } from './auth-methods.ts'

/** initialize's authMethods: terminal methods only for a client that advertised `auth.terminal`. */
export function authMethods(ctx: Pick<Context, 'llm'>, client: acp.ClientCapabilities | undefined): acp.AuthMethod[] {
  return offeredMethods(ctx.llm.adapters(), { terminal: client?.auth?.terminal === true }).map(({ method }) => method)
}

/**
 * authenticate: `{}` with `_meta` saying whether a key is needed and there; a missing key is
 * auth_required (-32000) naming where to put it; an unknown or terminal method is -32602.
 */
export function authenticate(ctx: Pick<Context, 'llm'>, params: acp.AuthenticateRequest): acp.AuthenticateResponse {
  const adapters = ctx.llm.adapters()
  const methods = offeredMethods(adapters, { terminal: true })
  const chosen = methods.find(({ method }) => method.id === params.methodId)
  const agentIds = methods.flatMap(({ kind, method }) => (kind === 'agent' ? [method.id] : []))
  const offers = agentIds.map((id) => `"${id}"`).join(', ')
  if (!chosen)
    throw acp.RequestError.invalidParams(
      { methodId: params.methodId, known: agentIds },
      `authenticate: unknown method "${params.methodId}"; dsh offers ${offers}`,
    )
  if (chosen.kind === 'terminal')
    throw acp.RequestError.invalidParams(
      { methodId: params.methodId, known: agentIds },
      `authenticate: "${params.methodId}" is a terminal method: the client runs it in a terminal (it is ` +
        `${loginCommand(chosen.need!.key, agentIds.length === 1)}), never through authenticate; authenticate ` +
        `with ${offers} to ask whether the key is there`,
    )
  if (!chosen.need) return { _meta: { 'dsh/keyNeeded': false } }
  const missing = missingKey(ctx, chosen.need)
  if (missing)
    throw acp.RequestError.authRequired(
      { methodId: params.methodId, model: missing.model, env: chosen.need.key.env },
      `authenticate: model "${missing.model}" has no usable API key (${missing.problem}); ` +
        putKey(chosen.need, keyNeeds(adapters).length === 1),
    )
  return { _meta: { 'dsh/keyNeeded': true, 'dsh/keyAvailable': true } }
}

function missingKey(ctx: Pick<Context, 'llm'>, need: KeyNeed): { model: string; problem: string } | undefined {
  for (const model of need.models) {
    const problem = ctx.llm.keyProblem(model)
    if (problem) return { model, problem }
  }
  return undefined
}

/** What to do about a missing key: run dsh login where there is a key file, else set the variable. */
function putKey(need: KeyNeed, single: boolean): string {
  const { key } = need
  const environment = `set ${key.env} in ./.env or the environment and restart dsh`
  if (!key.file && !key.fileEnv) return environment
  const file = key.file ?? keyFiles(key)
  return `run \`${loginCommand(key, single)}\` at a terminal (it writes ${file}), or ${environment}`
}

/**
 * logout: the adapters' keys held in memory are forgotten and no key is read again until dsh
 * restarts, so the next model call fails for want of one. No file is deleted: the answer names the
 * key files that stay (in words that do not depend on this machine: goldens pin them), so the user
 * can remove them themselves (docs/session-delete.md, "logout").
 */
export function logout(ctx: Pick<Context, 'llm'>): acp.LogoutResponse {
  const forgotten = ctx.llm.logOut()
  const held = forgotten ? 'the API key held in memory was forgotten' : 'no API key was held in memory'
  const files = keyNeeds(ctx.llm.adapters()).map(({ key }) => describeFiles(key) ?? key.env)
  const stays = files.length ? `the key file (${files.join('; ')}) is` : 'any key file is'
  const note =
    `${held}; no file was deleted: ${stays} read again when dsh starts, ` + 'so delete it yourself to log out for good'
  return { _meta: { 'dsh/forgotKeys': forgotten, 'dsh/note': note } }
}

function describeFiles(key: { fileName?: string; fileEnv?: string }): string | undefined {
  const file = key.fileName ? `~/.config/dsh/${key.fileName}` : undefined
  if (key.fileEnv) return file ? `${key.fileEnv}, else ${file}` : key.fileEnv
  return file
}
