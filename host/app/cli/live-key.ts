// The key steps every command that boots the composition as the agent takes (serve, prompt,
// chat): only a live composition may read .env (replay stays keyless), and once it is up each
// composed adapter's key variable leaves the environment (plugins/llm/keys.ts, docs/security.md).
import path from 'node:path'
import type { Context } from 'cordis'
import { loadEntryModules, traitsFrom } from '../../../plugins/config/entry-traits.ts'
import { loadComposition } from '../../../plugins/config/load.ts'
import { ModuleCache } from '../../../plugins/config/module-cache.ts'
import { holdKeys, keyFileWarnings } from '../../../plugins/llm/keys.ts'
import { loadDotEnvForLiveMode } from '../live-env.ts'

/** Before boot: load ./.env when the composition runs a network adapter. */
export async function loadDotEnvIfLive(
  composition: { configFile: string; patches: string[] },
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const modules = new ModuleCache()
  // Probe the shape first, with !env lenient: .env is not loaded yet.
  const probe = await loadComposition({ ...composition, env, lenientEnv: true, modules })
  const baseDir = path.dirname(probe.configFile)
  await loadEntryModules(probe.entries, baseDir, modules)
  loadDotEnvForLiveMode(probe.entries, traitsFrom(modules, baseDir), { cwd: process.cwd() })
}

/** After boot: warn about key files others may read, then take every adapter's key variable out of the environment. */
export function holdAdapterKeys(ctx: Context, log: (line: string) => void): void {
  const keys = (ctx.get('llm')?.adapters() ?? []).flatMap((adapter) => (adapter.network && adapter.key) || [])
  for (const key of keys) for (const warning of keyFileWarnings(key)) log(`dsh: warning: ${warning}`)
  holdKeys(keys.map((key) => key.env))
}
