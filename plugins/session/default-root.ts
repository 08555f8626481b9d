// Where session logs go when the composition does not say: outside the user's project, in the
// XDG state folder, so an editor starting dsh in a project never fills it with logs.
import { homedir } from 'node:os'
import { isAbsolute, join } from 'node:path'

/**
 * `DSH_SESSIONS_ROOT`, else `$XDG_STATE_HOME/dsh/sessions`, else `~/.local/state/dsh/sessions`.
 * A relative XDG_STATE_HOME is ignored, as the XDG spec says.
 */
export function defaultSessionsRoot(env: NodeJS.ProcessEnv = process.env, home: () => string = homedir): string {
  if (env.DSH_SESSIONS_ROOT) return env.DSH_SESSIONS_ROOT
  const state =
    env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : join(home(), '.local', 'state')
  return join(state, 'dsh', 'sessions')
}
