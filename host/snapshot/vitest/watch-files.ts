// The files a scenario's result depends on, so vitest's watch mode re-runs exactly the scenarios a
// change affects: its own folder (script, logs, goldens, seeds, its cordis.patch.yml), its class
// pin's sidecars, its session source's logs, the overlays it composes, dsh.config.yml, and the composition and
// plugin sources every scenario loads. Best effort: a manifest that does not parse still watches its folder.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { bundledOverlayFile, defaultConfigFile, projectOverlayFile } from '../../../lib/bundled-compositions.ts'
import { packageFile } from '../../../lib/package-root.ts'
import { SIDECAR_SYSTEM_PROMPT, SIDECAR_TOOL_SCHEMAS } from '../core/fixture-files.ts'
import { parseManifest, type ScenarioManifest } from '../scenario/manifest.ts'
import { PROJECT_CONFIG_FILE } from '../scenario/project-config.ts'
import { suiteRoot } from './suite-files.ts'

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
  const plugins = existsSync(packageFile('plugins')) ? packageFile('plugins') : packageFile('dist', 'plugins')
  return filesUnder(plugins, isSource)
}

/** A module a run loads: JavaScript or TypeScript, tests excluded. */
const isSource = (path: string) => /\.[cm]?[jt]s$/.test(path) && !/\.test\.[cm]?[jt]s$/.test(path)

/**
 * The local plugins a composition file loads (`name: ./plugins/count.js`, a file or a folder),
 * resolved against the file's folder; package names are covered by sharedSources or node_modules.
 */
export function compositionPluginFiles(composition: readonly string[]): string[] {
  const files: string[] = []
  for (const file of composition) {
    if (!existsSync(file)) continue
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/\bname:\s*['"]?(\.{1,2}\/[^\s'",}]+)/g)) {
      if (name === undefined) continue
      const target = resolve(dirname(file), name)
      if (existsSync(target)) files.push(...(statSync(target).isDirectory() ? filesUnder(target, isSource) : [target]))
    }
  }
  return files
}

/** Every scenario folder under `<root>/scenarios/`, by name. */
export function scenarioNames(root: string): string[] {
  return [...readManifests(root).keys()]
}

export function scenarioWatchFiles(root: string, name: string, composition: readonly string[] = []): string[] {
  const dir = join(root, 'scenarios', name)
  const files = new Set([
    ...filesUnder(dir),
    ...composition,
    ...compositionPluginFiles(composition),
    packageFile('cordis.snapshot.yml'),
    join(root, PROJECT_CONFIG_FILE),
  ])
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

/**
 * What a defineSnapshotSuite table's scenarios depend on: the scenarios it names (every one under
 * the nearest scenarios/ at or above the test file with `scenarios: 'all'`), the composition
 * (`<that folder>/cordis.yml` and the plugin's) and the plugin sources.
 */
export function suiteWatchFiles(testFile: string, code: string, composition: readonly string[]): string[] {
  let root: string
  try {
    root = suiteRoot(dirname(testFile), undefined)
  } catch {
    return [] // defineSnapshotSuite itself says what is wrong
  }
  const own = [...composition, defaultConfigFile(root)]
  const all = /scenarios:\s*['"]all['"]/.test(code)
  const listed = (name: string) => all || code.includes(`'${name}'`) || code.includes(`"${name}"`)
  const names = scenarioNames(root).filter(listed)
  const files = new Set(names.flatMap((name) => scenarioWatchFiles(root, name, own)))
  for (const file of sharedSources()) files.add(file)
  files.delete(testFile)
  return [...files]
}
