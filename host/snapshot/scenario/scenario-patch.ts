// `scenarios/<name>/cordis.patch.yml`: the scenario's own overlay (the rules of
// docs/config-overlays.md), applied last, after cordis.snapshot.yml and the manifest's
// `composition`. Checked when the scenario is loaded: the patches' shape, and that every
// inserted module resolves inside the scenario folder (or is a package), is JavaScript, and
// does not leave the folder. Which ids exist is only known once the composition is read, so an
// unknown id fails the run, naming this file with line and column (plugins/config/overlay.ts).
import { existsSync, realpathSync } from 'node:fs'
import { isAbsolute, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError } from '../../../plugins/config/errors.ts'
import { parsePatches } from '../../../plugins/config/overlay.ts'
import { isRelativeName } from '../../../plugins/config/rebase.ts'
import { resolveEntryModule } from '../../../plugins/config/resolve-module.ts'
import { parseYaml } from '../../../plugins/config/yaml.ts'
import { listItemPositions, type PositionTable, type SourcePosition } from '../../../plugins/config/yaml-positions.ts'
import { relativeInside } from '../../../lib/path-inside.ts'
import { packageRoot } from '../../../lib/package-root.ts'
import { readFixtureSync } from '../io/safe-fixture-io.ts'

const SCENARIO_PATCH_FILE = 'cordis.patch.yml'

interface ScenarioPatch {
  /** Absolute path of the scenario's cordis.patch.yml. */
  file: string
  /** Top-level names in the scenario folder that inserted modules live in (not orphans). */
  moduleFiles: string[]
}

const FIX = 'a scenario patch inserts modules from its own folder (./my-plugin.js) or packages by name'

/** Read and check `scenarios/<name>/cordis.patch.yml`; undefined when the scenario has none. */
export function loadScenarioPatch(repoRoot: string, name: string): ScenarioPatch | undefined {
  const label = `scenarios/${name}/${SCENARIO_PATCH_FILE}`
  const dir = join(repoRoot, 'scenarios', name)
  const file = join(dir, SCENARIO_PATCH_FILE)
  const text = readFixtureSync(repoRoot, file)
  if (text === undefined) return undefined
  // `!env` values are read for real when the run boots; here only the shape matters.
  const positions: PositionTable = new WeakMap()
  const raw = parseYaml(text, { filename: label, lenientEnv: true, positions })
  parsePatches(raw, label, listItemPositions(raw, positions))
  const moduleFiles = new Set<string>()
  for (const { entry, at } of insertedEntries(raw, positions)) {
    const owned = checkModule(entry, at, dir, label)
    if (owned) moduleFiles.add(owned)
  }
  return { file, moduleFiles: [...moduleFiles] }
}

interface RawEntry {
  id: string
  name: string
  config?: unknown
  group?: boolean
}

/** Every entry the patches insert, groups' children included, with where it was written. */
function insertedEntries(raw: unknown, positions: PositionTable): { entry: RawEntry; at?: SourcePosition }[] {
  const out: { entry: RawEntry; at?: SourcePosition }[] = []
  const visit = (entries: unknown) => {
    if (!Array.isArray(entries)) return
    const items = entries as RawEntry[]
    const places = listItemPositions(items, positions)
    items.forEach((entry, index) => {
      const at = places[index]
      out.push({ entry, at })
      if (entry.group) visit(entry.config)
    })
  }
  for (const patch of Array.isArray(raw) ? raw : []) visit((patch as { insert?: unknown }).insert)
  return out
}

/** Refuse a module outside the folder, unresolvable or TypeScript; return the top-level name it lives in. */
function checkModule(entry: RawEntry, at: SourcePosition | undefined, dir: string, label: string): string | undefined {
  const { id, name } = entry
  if (name.startsWith('cordis:')) return undefined
  const file = `${label}${at ? `:${at.line}:${at.column}` : ''}`
  const where = `${file}: entry "${id}"`
  const isPath = isRelativeName(name) || isAbsolute(name) || name.startsWith('file:')
  if (isPath && !inside(dir, isAbsolute(name) || name.startsWith('file:') ? toPath(name) : join(dir, name)))
    throw new ConfigError(`${where}: module "${name}" leaves the scenario folder; ${FIX}`)
  let url: string
  try {
    url = resolveEntryModule({ id, name, baseDir: dir }, { compiled: false, packageRoot })
  } catch (error) {
    throw new ConfigError(`${file}: ${(error as Error).message}`)
  }
  if (!isPath) return undefined
  const resolved = fileURLToPath(url)
  if (!inside(dir, resolved))
    throw new ConfigError(`${where}: module "${name}" resolves through a symlink outside the scenario folder; ${FIX}`)
  return relative(dir, resolved).split(sep)[0]
}

function toPath(name: string): string {
  return name.startsWith('file:') ? fileURLToPath(name) : name
}

/** `target` is `dir` or below it, also after following symlinks. */
function inside(dir: string, target: string): boolean {
  if (relativeInside(dir, target) === undefined) return false
  return !existsSync(target) || relativeInside(realpathSync(dir), realpathSync(target)) !== undefined
}
