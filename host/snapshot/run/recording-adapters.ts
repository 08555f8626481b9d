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
import { ModuleCache } from '../../../plugins/config/module-cache.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { modeOverlays, scenarioOverlayFiles, type TestComposition, userComposition } from '../plugin/patches.ts'

export async function recordingAdapters(
  repoRoot: string,
  composition: TestComposition | undefined,
  scenario: LoadedScenario,
): Promise<ComposedAdapter[]> {
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
  return listModelAdapters(loaded.entries, traitsFrom(modules, baseDir)).filter((a) => a.enabled && a.info.network)
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
