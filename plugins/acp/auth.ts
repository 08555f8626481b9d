// ACP authentication: dsh's one method is the API key it already knows where to find (docs/security.md).
// `authenticate` only checks that the model the agent uses has its key; it never reads, returns or
// logs the key, and a keyless model (echo, replay) needs none.
import * as acp from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import { keyFilePath } from '../../lib/key-file-path.ts'

const KEY_METHOD_ID = 'api-key'

export const AUTH_METHODS: acp.AuthMethod[] = [
  {
    id: KEY_METHOD_ID,
    name: 'API key (key file or environment)',
    description:
      'dsh reads the model API key when it starts: from ~/.config/dsh/deepseek-api-key (or the file ' +
      'DEEPSEEK_API_KEY_FILE names), from DEEPSEEK_API_KEY in ./.env, or from DEEPSEEK_API_KEY in its ' +
      'environment. Put the key in one of them and restart the agent; it is never sent over ACP.',
  },
]

/** authenticate: an unknown method is -32602 naming the known ones; a missing key is auth_required (-32000). */
export function authenticate(ctx: Context, params: acp.AuthenticateRequest): acp.AuthenticateResponse {
  const known = AUTH_METHODS.map((method) => method.id)
  if (!known.includes(params.methodId)) {
    throw acp.RequestError.invalidParams(
      { methodId: params.methodId, known },
      `authenticate: unknown method "${params.methodId}"; dsh offers ${known.map((id) => `"${id}"`).join(', ')}`,
    )
  }
  const model = ctx.agent.config.model
  const problem = ctx.llm.keyProblem(model)
  if (problem) {
    throw acp.RequestError.authRequired(
      { methodId: params.methodId, model },
      `authenticate: model "${model}" has no usable API key (${problem}); put it in ` +
        '~/.config/dsh/deepseek-api-key (or the file DEEPSEEK_API_KEY_FILE names) and restart dsh',
    )
  }
  return {}
}

/**
 * logout: every adapter forgets the key it holds in memory, so the next model call fails for want of
 * one (until dsh restarts and reads it again). No file is deleted: the answer names the key file that
 * stays, so the user can remove it themselves (docs/session-delete.md, "logout").
 */
export function logout(ctx: Context): acp.LogoutResponse {
  const forgotten = ctx.llm.forgetKeys()
  const held = forgotten ? 'the API key held in memory was forgotten' : 'no API key was held in memory'
  const note =
    `${held}; no file was deleted: the key file (DEEPSEEK_API_KEY_FILE, else ~/.config/dsh/deepseek-api-key) is ` +
    'read again when dsh starts, so delete it yourself to log out for good'
  // stderr names this machine's file; the answer stays the same everywhere (goldens pin it).
  ctx.emit(ctx, 'internal/warn', `acp: logout: ${held}; the key file ${keyFilePath(process.env)} was not deleted`)
  return { _meta: { 'dsh/forgotKeys': forgotten, 'dsh/note': note } }
}
