// An adapter's key (docs/security.md): its environment variable, else the key file. `dsh serve`
// takes the variable out of process.env once the composition is up (holdKeys), so code reading
// the environment, and processes spawned with it, no longer see it; the adapter still finds it
// here. Read per request, so a key set or written later is picked up. Never echoed.
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { keyFolder } from '../../lib/key-file-path.ts'
import type { AdapterKey } from './adapter.ts'
import { LlmError } from './types.ts'

type Env = Record<string, string | undefined>

const held = new Map<string, string>()

/**
 * A variable that holds a key or names a key file, by the names dsh's presets and the adapter
 * contract use (`…_API_KEY`, `…_KEY_FILE`): never in a tool's environment, nor in a worker's in replay.
 */
export const isKeyVariable = (name: string): boolean => /_API_KEY$|_KEY_FILE$/.test(name)

/** Move each named variable from `env` into this module; returns the names that were set. */
export function holdKeys(names: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const moved: string[] = []
  for (const name of new Set(names)) {
    const value = env[name]
    if (value === undefined) continue
    held.set(name, value)
    delete env[name]
    moved.push(name)
  }
  return moved
}

/**
 * `{ env, file, fileEnv }` for a key: the variable, and the key file named by `fileEnv` when set,
 * else `fileName` in dsh's key folder ($XDG_CONFIG_HOME/dsh, default ~/.config/dsh).
 */
export function describeKey(spec: { env: string; fileName?: string; fileEnv?: string }, env: Env): AdapterKey {
  const named = spec.fileEnv ? env[spec.fileEnv]?.trim() : undefined
  const file = named ? path.resolve(named) : spec.fileName ? path.join(keyFolder(env), spec.fileName) : undefined
  return {
    env: spec.env,
    ...(file ? { file } : {}),
    ...(spec.fileName ? { fileName: spec.fileName } : {}),
    ...(spec.fileEnv ? { fileEnv: spec.fileEnv } : {}),
  }
}

/** ACP `logout`: forget every held key; how many were held (the llm service stops reading the others). */
export function forgetHeldKeys(): number {
  const count = held.size
  held.clear()
  return count
}

/** The key: the variable (a later export wins over a held one), else the key file's first line. */
export function readKey(key: AdapterKey, env: Env = process.env): string {
  const value = (env[key.env] ?? held.get(key.env) ?? readKeyFile(key.file))?.trim()
  if (!value) {
    const file = key.file ? ` and ${key.file} does not hold one` : ''
    throw new LlmError(
      `${key.env} is not set${file}; export it, or write the key to ${key.file ?? `a file ${key.fileEnv ?? ''} names`}`,
      'NO_API_KEY',
    )
  }
  // A key with spaces or control characters cannot go in a header, and fetch's own error for
  // that would quote the header value, i.e. the key.
  if (!isHeaderSafeKey(value))
    throw new LlmError(`${key.env} contains spaces or non-printable characters; set it to the bare key`, 'BAD_API_KEY')
  return value
}

/** A key a header can carry: printable ASCII, no spaces (`dsh login` refuses any other before writing it). */
export const isHeaderSafeKey = (value: string): boolean => /^[\x21-\x7e]+$/.test(value)

/** What is wrong with the key `readKey` would read, or undefined when it is usable (never the key). */
export function keyProblem(key: AdapterKey, env: Env = process.env): string | undefined {
  try {
    readKey(key, env)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

/** Warnings about a key file others may read, or a `fileEnv` that names nothing (said once, at start). */
export function keyFileWarnings(key: AdapterKey, env: Env = process.env): string[] {
  if (!key.file) return []
  const stats = statSync(key.file, { throwIfNoEntry: false })
  if (!stats) return key.fileEnv && env[key.fileEnv] ? [`${key.fileEnv} names ${key.file}, which does not exist`] : []
  if (!(stats.mode & 0o077)) return []
  const mode = (stats.mode & 0o777).toString(8)
  return [`key file ${key.file} may be read by other users (mode ${mode}); chmod 600 it`]
}

function readKeyFile(file: string | undefined): string | undefined {
  if (!file) return undefined
  try {
    // A FIFO or device would block the read: only a regular file is a key file.
    if (!statSync(file).isFile()) return undefined
    return readFileSync(file, 'utf8').split('\n', 1)[0]
  } catch {
    return undefined
  }
}
