// The files a scenario's result depends on, so vitest's watch mode re-runs exactly the scenarios a
// change affects: its own folder (script, logs, goldens, seeds, its cordis.patch.yml), its class
// pin's sidecars, its session source's logs, the overlays it composes, and the composition and
// plugin sources every scenario loads. Best effort: a manifest that does not parse still watches its folder.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { bundledOverlayFile, projectOverlayFile } from '../../../lib/bundled-compositions.ts'
import { packageFile } from '../../../lib/package-root.ts'
import { SIDECAR_SYSTEM_PROMPT, SIDECAR_TOOL_SCHEMAS } from '../scenario/fixture-files.ts'
import { parseManifest, type ScenarioManifest } from '../scenario/manifest.ts'

/** Every file under `dir`, recursively (none when it does not exist). */
export function filesUnder(dir: string, keep: (path: string) => boolean = () => true): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return []
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(keep)
}

function readManifests(root: string): Map<string, ScenarioManifest> {
  const manifests = new Map<string, ScenarioManifest>()
  const scenarios = join(root, 'scenarios')
  for (const name of existsSync(scenarios) ? readdirSync(scenarios) : []) {
    const file = join(scenarios, name, 'snapshot.yml')
    if (!existsSync(file)) continue
    try {
      manifests.set(name, parseManifest(readFileSync(file, 'utf8'), file, name))
    } catch {
      // the scenario's own test reports it
    }
  }
  return manifests
}

/**
 * The plugin sources every in-process run loads (tests excluded): `plugins/` in a checkout of dsh,
 * `dist/plugins/` where dsh is installed (a rebuilt dist/ in a checkout must not re-run everything).
 */
export function sharedSources(): string[] {
  const source = (path: string) => /\.[cm]?[jt]s$/.test(path) && !/\.test\.[cm]?[jt]s$/.test(path)
  const plugins = existsSync(packageFile('plugins')) ? packageFile('plugins') : packageFile('dist', 'plugins')
  return filesUnder(plugins, source)
}

export function scenarioWatchFiles(root: string, name: string, composition: readonly string[] = []): string[] {
  const dir = join(root, 'scenarios', name)
  const files = new Set([...filesUnder(dir), ...composition, packageFile('cordis.snapshot.yml')])
  const manifests = readManifests(root)
  const manifest = manifests.get(name)
  const header = manifest?.header
  if (header) {
    const pin = [...manifests.values()].find((m) => m.header?.class === header.class && m.header.pin)
    const sources = [pin?.scenario, pin?.header?.systemPromptSource, pin?.header?.toolSchemasSource]
    for (const owner of sources)
      if (owner)
        for (const sidecar of [SIDECAR_SYSTEM_PROMPT, SIDECAR_TOOL_SCHEMAS])
          files.add(join(root, 'scenarios', owner, sidecar))
  }
  const source = manifest?.session?.source
  if (source)
    for (const log of filesUnder(join(root, 'scenarios', source), (p) => /session(\.\d+)?\.jsonl$/.test(p)))
      files.add(log)
  for (const overlay of manifest?.composition ?? []) {
    const file = projectOverlayFile(root, overlay) ?? bundledOverlayFile(overlay)
    if (file) files.add(file)
  }
  return [...files].filter((file) => existsSync(file))
}
