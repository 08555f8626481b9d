import { existsSync } from 'node:fs'
import path from 'node:path'
import { isGroup, type CompositionEntry } from '../../plugins/config/entries.ts'
import type { TraitsOf } from '../../plugins/config/entry-traits.ts'

/** True when an enabled entry (not inside a disabled group) is a model adapter that reaches the network. */
function usesLiveAdapter(entries: readonly CompositionEntry[], traitsOf: TraitsOf): boolean {
  return entries.some((entry) => {
    if (entry.disabled) return false
    if (isGroup(entry)) return usesLiveAdapter(entry.config, traitsOf)
    const traits = traitsOf(entry)
    return !(traits instanceof Error) && traits.modelAdapter?.network === true
  })
}

interface DotEnvOptions {
  cwd: string
  loadEnvFile?: (file: string) => void
  exists?: (file: string) => boolean
}

/**
 * Live mode convenience: load `<cwd>/.env` into process.env (existing variables win) when the
 * composition runs a network model adapter. Replay never loads it, so a key in .env cannot leak
 * into a keyless run. Returns what happened.
 */
export function loadDotEnvForLiveMode(
  entries: readonly CompositionEntry[],
  traitsOf: TraitsOf,
  options: DotEnvOptions,
): 'loaded' | 'no-file' | 'replay' {
  const { cwd, loadEnvFile = (file: string) => process.loadEnvFile(file), exists = existsSync } = options
  if (!usesLiveAdapter(entries, traitsOf)) return 'replay'
  const file = path.join(cwd, '.env')
  if (!exists(file)) return 'no-file'
  loadEnvFile(file)
  return 'loaded'
}
