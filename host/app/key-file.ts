// Live mode: the DeepSeek key from a file outside every workspace, so it is neither in the
// process environment a tool can read (/proc/<pid>/environ) nor in a project's .env that
// read_file can open without approval (docs/security.md).
import { readFileSync, statSync } from 'node:fs'
import { keyFilePath } from '../../lib/key-file-path.ts'

type KeyFileOutcome = 'from-environment' | 'loaded' | 'no-file'

interface KeyFileOptions {
  /** The process environment: read for DEEPSEEK_API_KEY_FILE / XDG_CONFIG_HOME, written with the key. */
  env: NodeJS.ProcessEnv
  warn(line: string): void
}

/**
 * When DEEPSEEK_API_KEY is not set, read it from the key file (its first line). A file that
 * other users may read, or a DEEPSEEK_API_KEY_FILE that names nothing, is warned about.
 */
export function loadKeyFile(options: KeyFileOptions): KeyFileOutcome {
  const { env, warn } = options
  if (env.DEEPSEEK_API_KEY) return 'from-environment'
  const file = keyFilePath(env)
  const stats = statSync(file, { throwIfNoEntry: false })
  if (!stats) {
    if (env.DEEPSEEK_API_KEY_FILE) warn(`dsh: warning: DEEPSEEK_API_KEY_FILE names ${file}, which does not exist`)
    return 'no-file'
  }
  if (stats.mode & 0o077) {
    warn(
      `dsh: warning: key file ${file} may be read by other users (mode ${(stats.mode & 0o777).toString(8)}); chmod ` +
        `600 it`,
    )
  }
  const key = readFileSync(file, 'utf8').split('\n', 1)[0]!.trim()
  if (!key) {
    warn(`dsh: warning: key file ${file} is empty`)
    return 'no-file'
  }
  env.DEEPSEEK_API_KEY = key
  return 'loaded'
}
