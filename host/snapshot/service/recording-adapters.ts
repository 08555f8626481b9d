// The model adapters a scenario records with, read from the composition before it starts: the
// user's profile with the record overlay and the scenario's own overlays, each adapter as its
// module describes it (docs/model-providers.md). Record mode learns from it which wires a --stub
// run speaks and which variables a live subprocess needs, without booting anything.
import path from 'node:path'
import {
  type ComposedAdapter,
  listModelAdapters,
  loadEntryModules,
  traitsFrom,
} from '../../../plugins/config/entry-traits.ts'
import { loadComposition } from '../../../plugins/config/load.ts'
import { locateEntry } from '../../../plugins/config/entries.ts'
import { AgentConfig } from '../../../plugins/agent/config.ts'
import { ModuleCache } from '../../../plugins/config/module-cache.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { modeOverlays, scenarioOverlayFiles, type TestComposition, userComposition } from './patches.ts'

/** The network adapters a recording talks to, and the agent's `retries` (what a --stub script may fail). */
export async function recordingAdapters(
  repoRoot: string,
  composition: TestComposition | undefined,
  scenario: LoadedScenario,
): Promise<{ adapters: ComposedAdapter[]; retries: number }> {
  const user = userComposition(repoRoot, composition)
  const modules = new ModuleCache()
  const patches = [...user.patches, ...modeOverlays('record'), ...scenarioOverlayFiles(repoRoot, scenario)]
  // Only the scenario's own environment feeds `!env`, as in the run itself.
  const loaded = await loadComposition({
    configFile: user.configFile,
    patches,
    env: scenario.manifest.environment,
    modules,
  })
  const baseDir = path.dirname(loaded.configFile)
  await loadEntryModules(loaded.entries, baseDir, modules)
  const adapters = listModelAdapters(loaded.entries, traitsFrom(modules, baseDir))
  const agent = locateEntry(loaded.entries, 'agent')?.entry.config as { retries?: unknown } | undefined
  // The agent's own default when the composition sets none (one home: its config schema).
  const retries = AgentConfig.shape.retries.parse(agent?.retries)
  return { adapters: adapters.filter((a) => a.enabled && a.info.network), retries }
}

/** What a live subprocess recording needs of this process's environment: its adapters' variables, the key folder's. */
export function liveModelEnv(
  adapters: readonly ComposedAdapter[],
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const names = new Set(['HOME', 'XDG_CONFIG_HOME'])
  for (const { info } of adapters) {
    if (info.key) for (const name of [info.key.env, info.key.fileEnv]) if (name) names.add(name)
    if (info.wire?.baseUrlEnv) names.add(info.wire.baseUrlEnv)
  }
  return Object.fromEntries([...names].filter((name) => env[name] !== undefined).map((name) => [name, env[name]]))
}
