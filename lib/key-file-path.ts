// Where dsh's DeepSeek key file lives: one home for the path the CLI reads the key from
// (host/app/key-file.ts) and the paths the agent hides from its file tools (docs/security.md).
import { homedir } from 'node:os'
import path from 'node:path'

/** `$XDG_CONFIG_HOME/dsh` (default `~/.config/dsh`): the folder of the default key file. */
function keyFolder(env: NodeJS.ProcessEnv): string {
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'dsh')
}

/** `DEEPSEEK_API_KEY_FILE`, else `$XDG_CONFIG_HOME/dsh/deepseek-api-key` (default `~/.config/...`). */
export function keyFilePath(env: NodeJS.ProcessEnv): string {
  if (env.DEEPSEEK_API_KEY_FILE) return path.resolve(env.DEEPSEEK_API_KEY_FILE)
  return path.join(keyFolder(env), 'deepseek-api-key')
}

/**
 * What no file tool may open, whichever one holds the key today: the default key folder, the
 * default key file (named too, so a hard link to it is known by its identity) and the file
 * `DEEPSEEK_API_KEY_FILE` names (not its folder, which may well be a project).
 */
export function keyPaths(env: NodeJS.ProcessEnv): string[] {
  const named = env.DEEPSEEK_API_KEY_FILE ? [path.resolve(env.DEEPSEEK_API_KEY_FILE)] : []
  return [keyFolder(env), path.join(keyFolder(env), 'deepseek-api-key'), ...named]
}
