// A corpus of N recorded scenarios for the scale-corpus bench (bench/parts/scale-corpus.ts), built
// from this repository's own: every scenario the corpus needs (class pins, session sources), then
// copies of all of them in turn under new names, so text, tools, approvals, subagents and MCP come
// in the corpus's proportions and each copy is a valid recorded scenario (its own folder, manifest
// and fixtures). A copy is never a pin: it drops `pin: true`, the sidecar sources and the sidecars.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export type ScenarioKind = 'text' | 'tools' | 'approvals' | 'subagents' | 'mcp'

interface CorpusSource {
  name: string
  kind: ScenarioKind
  /** A class pin, or a session source of another scenario: a smaller corpus keeps it. */
  needed: boolean
}

/** The pin's own files, which no copy may keep (one pin per header class). */
const PIN_FILES = ['system-prompt.expected.md', 'tool-schemas.expected.json']

/** What a scenario mostly exercises, from its script and model script (the most specific first). */
function kindOf(input: string, model: string): ScenarioKind {
  if (/name: task\b/.test(model)) return 'subagents'
  if (/"mcpServers"/.test(input)) return 'mcp'
  if (/"permissions"/.test(input)) return 'approvals'
  if (/toolCalls/.test(model)) return 'tools'
  return 'text'
}

/** The repository's scenarios that replay on any machine (not those that need a sandbox), sorted. */
function corpusSources(scenariosDir: string): CorpusSource[] {
  const read = (name: string, file: string) => {
    const full = path.join(scenariosDir, name, file)
    return existsSync(full) ? readFileSync(full, 'utf8') : ''
  }
  const names = readdirSync(scenariosDir)
    .filter((name) => existsSync(path.join(scenariosDir, name, 'snapshot.yml')))
    .filter((name) => !/^sandbox:/m.test(read(name, 'snapshot.yml')))
    .sort()
  const sources = new Set(names.flatMap((name) => /^\s+source: (\S+)$/m.exec(read(name, 'snapshot.yml'))?.[1] ?? []))
  return names.map((name) => {
    const manifest = read(name, 'snapshot.yml')
    return {
      name,
      kind: kindOf(read(name, 'input.json'), read(name, 'model.yml')),
      needed: /^\s+pin: true$/m.test(manifest) || sources.has(name),
    }
  })
}

/**
 * Which scenarios make a corpus of `count`: the originals (all of them, or for fewer, the needed
 * ones and an even spread of the rest), then copies named `<source>-<n>` taking the sources in turn.
 */
function planCorpus(sources: readonly CorpusSource[], count: number): Array<{ name: string; from: string }> {
  if (count <= sources.length) {
    const needed = sources.filter((source) => source.needed)
    const rest = sources.filter((source) => !source.needed)
    const room = Math.max(0, count - needed.length)
    // An even spread over the rest: every index is below rest.length, since i < room <= rest.length.
    const spread = Array.from({ length: room }, (_, i) => rest[Math.floor((i * rest.length) / room)])
    const kept = [...needed, ...spread.filter((source) => source !== undefined)].map(({ name }) => ({
      name,
      from: name,
    }))
    return kept.sort((a, b) => a.name.localeCompare(b.name))
  }
  const copies = Array.from({ length: count - sources.length }, (_, i) => {
    const { name: from } = sources[i % sources.length] ?? missingSource(i % sources.length)
    return { name: `${from}-${Math.floor(i / sources.length) + 2}`, from }
  })
  return [...sources.map(({ name }) => ({ name, from: name })), ...copies]
}

/** Writes the planned corpus into `<root>/scenarios`; returns how many of each kind it holds. */
export function writeCorpus(repoScenarios: string, root: string, count: number): Record<ScenarioKind, number> {
  const sources = corpusSources(repoScenarios)
  const kinds: Record<ScenarioKind, number> = { text: 0, tools: 0, approvals: 0, subagents: 0, mcp: 0 }
  const kindOfSource = new Map(sources.map((source) => [source.name, source.kind]))
  const target = path.join(root, 'scenarios')
  mkdirSync(target, { recursive: true })
  // The scenarios' `$schema` references (../../schemas/…) resolve beside them, as in the repository:
  // else dsh test warns once per scenario before it starts.
  const schemas = path.join(repoScenarios, '..', 'schemas')
  if (existsSync(schemas)) cpSync(schemas, path.join(root, 'schemas'), { recursive: true })
  for (const { name, from } of planCorpus(sources, count)) {
    const folder = path.join(target, name)
    cpSync(path.join(repoScenarios, from), folder, { recursive: true, verbatimSymlinks: true })
    if (name !== from) makeCopy(folder, name)
    kinds[kindOfSource.get(from)!]++
  }
  return kinds
}

/** A copy under its own name, and never a pin. */
function makeCopy(folder: string, name: string): void {
  const manifest = path.join(folder, 'snapshot.yml')
  const text = readFileSync(manifest, 'utf8')
    .replace(/^scenario: .*$/m, `scenario: ${name}`)
    .replace(/^\s+(pin: true|systemPromptSource: \S+|toolSchemasSource: \S+)\n/gm, '')
  writeFileSync(manifest, text)
  for (const file of PIN_FILES) rmSync(path.join(folder, file), { force: true })
}

function missingSource(index: number): never {
  throw new Error(`bench scale-corpus: no source scenario at ${index}`)
}
