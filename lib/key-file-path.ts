// Where dsh's key files live: one home for the folder adapters keep their default key files in
// (plugins/llm/keys.ts) and the paths the agent hides from its file tools (docs/security.md).
import { existsSync, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'

/** `$XDG_CONFIG_HOME/dsh` (default `~/.config/dsh`): the folder of the default key files. */
export function keyFolder(env: Record<string, string | undefined>): string {
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'dsh')
}

/**
 * What no file tool may open: the key folder and each file in it, each key file the composed
 * adapters read, and any file a `…_KEY_FILE` variable names, whichever adapter it is for (files are
 * named too, so a hard link to one is known by its identity; a file a variable names may well sit
 * in a project, so its folder is not hidden).
 */
export function keyPaths(env: Record<string, string | undefined>, keys: ReadonlyArray<{ file?: string }>): string[] {
  const folder = keyFolder(env)
  const files = keys.flatMap((key) => (key.file ? [path.resolve(key.file)] : []))
  // Names first, a value only for the few that match: each value read from process.env is a call
  // into the environment, and this runs for every session request and turn.
  const named = Object.keys(env).flatMap((name) => {
    const value = name.endsWith('_KEY_FILE') ? env[name]?.trim() : undefined
    return value ? [path.resolve(value)] : []
  })
  return [...new Set([folder, ...folderFiles(folder), ...files, ...named])]
}

function folderFiles(folder: string): string[] {
  try {
    // Most machines have no key folder: found absent without the Error (and stack) a failed readdir
    // builds, on every session request and turn.
    if (!existsSync(folder)) return []
    return readdirSync(folder).map((name) => path.join(folder, name))
  } catch {
    return []
  }
}
