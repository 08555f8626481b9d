import { existsSync } from 'node:fs'
import path from 'node:path'
import { isGroup, type CompositionEntry } from '../../plugins/config/entries.ts'

/** The entry whose presence means "live mode": the real model adapter, which needs a key. */
const LIVE_ADAPTER_ID = 'llm-deepseek'

/** True when the live adapter is an enabled entry (and not inside a disabled group). */
function usesLiveAdapter(entries: readonly CompositionEntry[]): boolean {
  return entries.some((entry) => {
    if (entry.disabled) return false
    if (entry.id === LIVE_ADAPTER_ID) return true
    return isGroup(entry) && usesLiveAdapter(entry.config)
  })
}

interface DotEnvOptions {
  cwd: string
  loadEnvFile?: (file: string) => void
  exists?: (file: string) => boolean
}

/**
 * Live mode convenience: load `<cwd>/.env` into process.env (existing variables win) when the
 * composition runs the live adapter. Replay never loads it, so a key in .env cannot leak into a
 * keyless run. Returns what happened.
 */
export function loadDotEnvForLiveMode(
  entries: readonly CompositionEntry[],
  options: DotEnvOptions,
): 'loaded' | 'no-file' | 'replay' {
  const { cwd, loadEnvFile = (file: string) => process.loadEnvFile(file), exists = existsSync } = options
  if (!usesLiveAdapter(entries)) return 'replay'
  const file = path.join(cwd, '.env')
  if (!exists(file)) return 'no-file'
  loadEnvFile(file)
  return 'loaded'
}
