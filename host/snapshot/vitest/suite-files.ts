// Where a snapshot suite's scenarios live, and which scenario folders no table declares.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { LoadedScenario } from '../scenario/discover.ts'

/** Files that declare scenario tables: `*.snapshot.test.ts`, `.js`, `.mts`, `.mjs`. */
const TABLE_FILE = /\.snapshot\.test\.[cm]?[jt]s$/

/**
 * The folder holding `scenarios/`: `root` resolved against the test file's folder, or without it
 * the nearest folder at or above the test file that has a `scenarios/` folder.
 */
export function suiteRoot(testDir: string, root: string | undefined): string {
  if (root !== undefined) {
    const folder = resolve(testDir, root)
    if (!isDirectory(join(folder, 'scenarios')))
      throw new Error(
        `defineSnapshotSuite: root ${folder} has no scenarios/ folder; ` +
          'pass root as the folder that holds scenarios/ (absolute, or relative to the test file)',
      )
    return folder
  }
  for (let dir = testDir; ; dir = dirname(dir)) {
    if (isDirectory(join(dir, 'scenarios'))) return dir
    if (dirname(dir) === dir)
      throw new Error(
        `defineSnapshotSuite: no scenarios/ folder at or above ${testDir}; pass root: the folder that holds scenarios/`,
      )
  }
}

/**
 * Scenario folders in no table: the names quoted in this test file and in the `*.snapshot.test.*`
 * files beside it. A table declaring `scenarios: 'all'` covers every folder.
 */
export function orphanProblems(testFile: string, corpus: readonly LoadedScenario[]): string[] {
  const dir = dirname(testFile)
  const tables = new Set([
    testFile,
    ...readdirSync(dir)
      .filter((f) => TABLE_FILE.test(f))
      .map((f) => join(dir, f)),
  ])
  const declared = new Set<string>()
  for (const table of tables) {
    const text = readFileSync(table, 'utf8')
    if (/scenarios:\s*['"]all['"]/.test(text)) return []
    for (const [, name] of text.matchAll(/['"]([a-z0-9]+(?:-[a-z0-9]+)*)['"]/g)) if (name) declared.add(name)
  }
  return corpus
    .filter((scenario) => !declared.has(scenario.name))
    .map(
      (scenario) =>
        `scenarios/${scenario.name} is in no table (${basename(testFile)} or a *.snapshot.test.* file beside it); ` +
        'add it to one (an orphan would never run)',
    )
}

/** Tables beside `dir` that list their scenarios by name (not `'all'`), for `dsh new` to extend. */
export function listTables(dir: string): string[] {
  if (!isDirectory(dir)) return []
  return readdirSync(dir)
    .filter((f) => TABLE_FILE.test(f))
    .map((f) => join(dir, f))
    .filter((file) => /scenarios:\s*\[/.test(readFileSync(file, 'utf8')))
}

/** The table's text with `name` added as the last entry of its `scenarios: [...]` list (pure). */
export function addToTable(text: string, name: string): string {
  const start = /scenarios:\s*\[/.exec(text)
  if (!start) throw new Error(`no scenarios: [...] list to add ${name} to`)
  const open = start.index + start[0].length
  const inside = text.slice(open, text.indexOf(']', open))
  const end = open + inside.trimEnd().length
  const before = text.slice(0, end)
  const separator = before.endsWith('[') || before.endsWith(',') ? '' : ','
  if (!inside.includes('\n')) return `${before}${separator}${separator ? ' ' : ''}'${name}'${text.slice(end)}`
  const indent = /\n([ \t]*)\S/.exec(inside)?.[1] ?? '    '
  return `${before}${separator}\n${indent}'${name}',${text.slice(end)}`
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory()
}
