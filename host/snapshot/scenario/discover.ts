// Find the scenarios under `<repoRoot>/scenarios/`, load and validate each. A
// folder is a scenario when it holds snapshot.yml; a folder holding scenario
// files without one is reported (a forgotten manifest must not be skipped
// silently); other folders (e.g. `conformance/`) and plain files are ignored.
import { docFile } from '../../../lib/package-root.ts'
import { type Dirent, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { corpusProblems } from './corpus.ts'
import { duplicateSidecarProblems, unscrubbedHeaderProblems, type PinSidecars } from './fixture-content.ts'
import {
  fixtureFileProblems,
  isPendingFile,
  isWrittenFixture,
  PENDING_SUFFIX,
  SIDECAR_SYSTEM_PROMPT,
  SIDECAR_TOOL_SCHEMAS,
  type FixtureCheckOptions,
  type FixtureEntry,
} from '../core/fixture-files.ts'
import type { RunMode } from '../model/modes.ts'
import { loadInput, mcpServerFiles, type ScenarioInput } from './input.ts'
import { listOverlayFiles, loadManifest, type ScenarioManifest } from './manifest.ts'
import { loadModelScript, type ModelScriptItem } from './model-script.ts'
import { loadProjectConfig, type ProjectConfig, withProjectConfig } from './project-config.ts'
import { loadScenarioPatch } from './scenario-patch.ts'
import { KEBAB_NAME } from '../../../lib/closed-object.ts'
import type { ScenarioProblem } from '../model/failure.ts'
import { FixtureGuardError, fixtureEntryProblem, readFixtureSync } from '../io/safe-fixture-io.ts'

export interface LoadedScenario {
  name: string
  /** Absolute path of `scenarios/<name>/`. */
  dir: string
  manifest: ScenarioManifest
  input: ScenarioInput
  /** model.yml, validated (--stub recording builds the stub items from it); undefined when the folder has none. */
  model?: ModelScriptItem[]
  /** Absolute path of the scenario's cordis.patch.yml, applied after every other overlay. */
  patchFile?: string
  /** Fixture-file and cross-scenario problems; a runner fails the scenario when this is not empty. */
  problems: ScenarioProblem[]
}

export interface ScenarioLoadFailure {
  name: string
  dir: string
  /** A ScenarioFileError for invalid files, or a plain Error for a misplaced folder. */
  error: Error
}

export interface DiscoveryResult {
  scenarios: LoadedScenario[]
  failures: ScenarioLoadFailure[]
  /**
   * Goldens and sidecars left in folders that are no scenario any more (no snapshot.yml and
   * nothing but such files), repository-relative. Tools may remove exactly these.
   */
  leftovers: string[]
}

export interface DiscoverOptions extends FixtureCheckOptions {
  /** Only return these scenarios (all are still loaded: cross-scenario rules need them). */
  names?: readonly string[]
  /** Which committed outputs may be missing (see RunMode); default replay. */
  mode?: RunMode
}

/** A golden or sidecar (or its pending copy): what a folder left by a removed scenario may hold. */
function isGoldenOrSidecar(name: string): boolean {
  const base = isPendingFile(name) ? name.slice(0, -PENDING_SUFFIX.length) : name
  return isWrittenFixture(base) && !base.startsWith('session')
}

const SCENARIO_FILE_HINTS = ['input.json', 'session.jsonl', 'stdout.golden.jsonl']

// Asynchronous for its callers, synchronous inside: the corpus is many small files, and a
// synchronous read skips the thread pool's round trips (safe-fixture-io.ts). The promise keeps the API.
export async function discoverScenarios(repoRoot: string, options: DiscoverOptions = {}): Promise<DiscoveryResult> {
  const scenariosDir = join(repoRoot, 'scenarios')
  const listing = readdirSync(scenariosDir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.'))
  const folders = listing
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
  const overlayFiles = listOverlayFiles(repoRoot)
  const project = projectConfigOrError(repoRoot)
  const corpus: DiscoveryResult = { scenarios: [], failures: linkedEntries(scenariosDir, listing), leftovers: [] }
  /** Each loaded scenario's folder listing, for the content guards (read once). */
  const listings = new Map<string, string[]>()
  for (const name of folders) {
    const folder = readFolder(scenariosDir, name)
    listings.set(
      name,
      folder.entries.map((e) => e.name),
    )
    const found = loadFolder(repoRoot, folder, { overlayFiles, project }, options)
    if (!found) continue
    if ('leftovers' in found) corpus.leftovers.push(...found.leftovers)
    else if ('error' in found) corpus.failures.push(found)
    else corpus.scenarios.push(found)
  }
  for (const problem of corpusProblems(corpus.scenarios.map((s) => s.manifest))) {
    corpus.scenarios
      .find((s) => s.name === problem.scenario)
      ?.problems.push({
        kind: 'scenario',
        message: `scenarios/${problem.scenario}/snapshot.yml: ${problem.field}: ${problem.message}`,
      })
  }
  addContentProblems(repoRoot, corpus.scenarios, listings, options.mode ?? 'replay')
  return options.names ? namedPart(corpus, options.names, repoRoot) : corpus
}

/** dsh.config.yml's settings, or why it is invalid: then every scenario fails to load with that error. */
function projectConfigOrError(repoRoot: string): ProjectConfig | Error {
  try {
    return loadProjectConfig(repoRoot)
  } catch (error) {
    return error as Error
  }
}

/** A linked scenario folder would read fixtures from anywhere; plain files (README, tests) are not scenarios. */
function linkedEntries(scenariosDir: string, listing: readonly Dirent[]): ScenarioLoadFailure[] {
  return listing
    .filter((entry) => !entry.isDirectory() && !entry.isFile())
    .map((entry) => ({
      name: entry.name,
      dir: join(scenariosDir, entry.name),
      error: new FixtureGuardError(fixtureEntryProblem(`scenarios/${entry.name}`, entry, 'scenario') ?? ''),
    }))
}

interface ScenarioFolder {
  name: string
  dir: string
  entries: FixtureEntry[]
  /** What the fixture guard says about each entry (a link, a special file), if anything. */
  guarded: (string | undefined)[]
}

function readFolder(scenariosDir: string, name: string): ScenarioFolder {
  const dir = join(scenariosDir, name)
  const listed = readdirSync(dir, { withFileTypes: true })
  return {
    name,
    dir,
    entries: listed.map((e) => ({ name: e.name, isDirectory: e.isDirectory() })),
    guarded: listed.map((e) => fixtureEntryProblem(`scenarios/${name}/${e.name}`, e, e.isDirectory() ? 'dir' : 'file')),
  }
}

/** A folder as a scenario, a failure, the leftovers of a removed scenario, or nothing to report. */
function loadFolder(
  repoRoot: string,
  { name, dir, entries, guarded }: ScenarioFolder,
  shared: { overlayFiles: string[]; project: ProjectConfig | Error },
  options: DiscoverOptions,
): LoadedScenario | ScenarioLoadFailure | { leftovers: string[] } | undefined {
  if (!entries.some((e) => e.name === 'snapshot.yml')) {
    if (entries.length && entries.every((e) => !e.isDirectory && isGoldenOrSidecar(e.name)))
      return { leftovers: entries.map((e) => `scenarios/${name}/${e.name}`).sort() }
    if (!entries.some((e) => SCENARIO_FILE_HINTS.includes(e.name))) return undefined
    const message =
      `scenarios/${name}/ holds scenario files but no snapshot.yml; ` +
      `add the manifest (${docFile('scenario-format.md')}) ` +
      `or move the folder out of scenarios/`
    return { name, dir, error: new Error(message) }
  }
  if (!KEBAB_NAME.test(name)) {
    const message =
      `scenarios/${name}/: folder name is not kebab-case (a-z, 0-9, single hyphens); rename the folder and its ` +
      `scenario field`
    return { name, dir, error: new Error(message) }
  }
  try {
    if (shared.project instanceof Error) throw shared.project
    const manifest = withProjectConfig(loadManifest(repoRoot, name, shared.overlayFiles), shared.project)
    const input = loadInput(repoRoot, name)
    const model = loadModelScript(repoRoot, name)
    const patch = loadScenarioPatch(repoRoot, name)
    const problems: ScenarioProblem[] = [
      ...guarded.flatMap((message) => (message === undefined ? [] : [{ kind: 'scenario' as const, message }])),
      ...fixtureFileProblems(manifest, input, entries, {
        ...options,
        patchModules: patch?.moduleFiles,
        serverFiles: mcpServerFiles(input),
        formatDoc: docFile('scenario-format.md'),
      }),
    ]
    return {
      name,
      dir,
      manifest,
      input,
      ...(model ? { model } : {}),
      ...(patch ? { patchFile: patch.file } : {}),
      problems,
    }
  } catch (error) {
    return { name, dir, error: error as Error }
  }
}

/** The named part of a discovered corpus; a name nothing answers to is a failure that lists the known ones. */
export function namedPart(corpus: DiscoveryResult, names: readonly string[], repoRoot: string): DiscoveryResult {
  const wanted = new Set(names)
  const known = new Set([...corpus.scenarios.map((s) => s.name), ...corpus.failures.map((f) => f.name)])
  const unknown = [...wanted].filter((name) => !known.has(name))
  return {
    leftovers: corpus.leftovers,
    scenarios: corpus.scenarios.filter((s) => wanted.has(s.name)),
    failures: [
      ...corpus.failures.filter((f) => wanted.has(f.name)),
      ...unknown.map((name) => ({
        name,
        dir: join(repoRoot, 'scenarios', name),
        error: new Error(`no scenario named ${name}; known: ${[...known].join(', ') || '(none)'}`),
      })),
    ],
  }
}

/** Every pin's committed sidecars (as `read` gives them) and how established it is, for sharedSidecars. */
export function pinSidecars(
  loaded: readonly LoadedScenario[],
  read: (file: string) => string | undefined,
): PinSidecars[] {
  return loaded.flatMap((scenario) => {
    const header = scenario.manifest.header
    if (!header?.pin) return []
    const namedAsSource = loaded.filter(
      (s) =>
        s.manifest.header?.systemPromptSource === scenario.name ||
        s.manifest.header?.toolSchemasSource === scenario.name,
    ).length
    return [
      {
        scenario: scenario.name,
        namedAsSource,
        classSize: loaded.filter((s) => s.manifest.header?.class === header.class).length,
        // A sidecar the pin takes from a source is not its own (a stale copy is reported as obsolete).
        system: header.systemPromptSource ? undefined : read(join(scenario.dir, SIDECAR_SYSTEM_PROMPT)),
        tools: header.toolSchemasSource ? undefined : read(join(scenario.dir, SIDECAR_TOOL_SCHEMAS)),
      },
    ]
  })
}

/**
 * Read the committed logs and pin sidecars once, for the content guards. A duplicated sidecar fails
 * replay only: record and refresh of that pin remove the copy and name the owner (env/share-sidecars.ts).
 */
function addContentProblems(
  repoRoot: string,
  loaded: LoadedScenario[],
  listings: Map<string, string[]>,
  mode: RunMode,
): void {
  // A guarded entry is reported from the folder listing already; it is never opened here.
  const read = (file: string) => {
    try {
      return readFixtureSync(repoRoot, file)
    } catch {
      return undefined
    }
  }
  for (const scenario of loaded) {
    const names = (listings.get(scenario.name) ?? []).filter((name) => /^session(\.\d+)?\.jsonl$/.test(name))
    for (const name of names) {
      const text = read(join(scenario.dir, name))
      if (text !== undefined)
        for (const message of unscrubbedHeaderProblems(text, `scenarios/${scenario.name}/${name}`))
          scenario.problems.push({ kind: 'scenario', message })
    }
  }
  if (mode !== 'replay') return
  for (const problem of duplicateSidecarProblems(pinSidecars(loaded, read)))
    loaded.find((s) => s.name === problem.scenario)?.problems.push({ kind: 'duplicate-sidecar', ...problem })
}
