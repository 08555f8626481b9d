// The dependency rules of docs/layout.md, and no import cycle anywhere: read from every import of
// every .ts file of the tree, tests included (a rule that exempts tests says so).
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage'])

interface Import {
  /** Repository-relative path for a relative specifier, else the bare specifier (`node:fs`, `cordis`). */
  target: string
  /** `import type` / `export type`: gone at run time. */
  typeOnly: boolean
  /** The names of `import { a, b } from`, as written. */
  names: string[]
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      if (entry.isDirectory())
        return SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(join(dir, entry.name))
      return entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []
    }),
  )
  return nested.flat()
}

// Static imports and re-exports start a line (the formatter puts them there) and end with `from '…'`
// on that line or on a `} from '…'` line; a dynamic import() is read anywhere.
const STATIC = /^(import|export)\b(\s+type\b)?((?:(?!\n(?:import|export)\b)[^'"])*?)\bfrom\s+['"]([^'"]+)['"]/gm
const SIDE_EFFECT = /^import\s+['"]([^'"]+)['"]/gm
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

/** Every import of a file's text; `file` is repository-relative. */
export function importsOf(file: string, text: string): Import[] {
  const target = (specifier: string) =>
    specifier.startsWith('.') ? relative(root, resolve(root, dirname(file), specifier)) : specifier
  const found: Import[] = []
  for (const [, , type, clause, specifier] of text.matchAll(STATIC)) {
    const names = /\{([^}]*)\}/.exec(clause!)?.[1]?.split(',') ?? []
    found.push({
      target: target(specifier!),
      typeOnly: !!type,
      names: names.map((name) => name.trim().split(/\s+as\s+/)[0]!).filter(Boolean),
    })
  }
  for (const [, specifier] of [...text.matchAll(SIDE_EFFECT), ...text.matchAll(DYNAMIC)])
    found.push({ target: target(specifier!), typeOnly: false, names: [] })
  return found
}

/** Each cycle of the graph (one per strongly connected part), as the files in import order, first repeated. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = []
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) visit(next)
      if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!))
    }
    if (low.get(file) !== index.get(file)) return
    const part = new Set<string>()
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      part.add(member)
    } while (member !== file)
    if (part.size > 1 || graph.get(file)?.includes(file)) cycles.push(cycleThrough(file, part, graph))
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles
}

/** The shortest way from `start` back to itself inside one strongly connected part. */
function cycleThrough(start: string, part: ReadonlySet<string>, graph: ReadonlyMap<string, readonly string[]>) {
  const cameFrom = new Map<string, string>()
  const queue = [start]
  for (const file of queue) {
    for (const next of graph.get(file) ?? []) {
      if (!part.has(next) || cameFrom.has(next)) continue
      cameFrom.set(next, file)
      if (next === start) queue.length = 0
      else queue.push(next)
    }
  }
  const between: string[] = []
  for (let file = cameFrom.get(start)!; file !== start; file = cameFrom.get(file)!) between.unshift(file)
  return [start, ...between, start]
}

const files = new Map<string, Import[]>()
for (const file of await sourceFiles(root)) {
  const path = relative(root, file)
  // This file's own samples are text, not imports.
  if (file !== import.meta.filename) files.set(path, importsOf(path, await readFile(file, 'utf8')))
}
const isTest = (file: string) => file.endsWith('.test.ts')

/** `file imports target` for each import of a file under `folder` whose target starts with one of `forbidden`. */
function reaches(folder: string, forbidden: readonly string[], options: { tests: boolean }): string[] {
  const found: string[] = []
  for (const [file, imports] of files) {
    if (!file.startsWith(folder) || (!options.tests && isTest(file))) continue
    for (const { target } of imports)
      if (forbidden.some((prefix) => target.startsWith(prefix))) found.push(`${file} imports ${target}`)
  }
  return found
}

describe('the tree', () => {
  it('has no import cycle', () => {
    const graph = new Map([...files].map(([file, imports]) => [file, imports.map((i) => i.target)]))
    expect(graph.size).toBeGreaterThan(400)
    expect(importCycles(graph).map((cycle) => `import cycle: ${cycle.join(' → ')}`)).toEqual([])
  })

  it('plugins never import host/ (their tests may drive them through it)', () => {
    expect(reaches('plugins/', ['host/'], { tests: false })).toEqual([])
  })

  it('lib/ imports no plugin, host or bench module', () => {
    expect(reaches('lib/', ['plugins/', 'host/', 'bench/', 'cordis', '@cordisjs/'], { tests: true })).toEqual([])
  })

  it('host/snapshot/ never imports host/app/, which runs it (its tests may go through the CLI)', () => {
    expect(reaches('host/snapshot/', ['host/app/'], { tests: false })).toEqual([])
  })

  it('host/snapshot/plugin/ never imports host/snapshot/run/, which boots and drives it', () => {
    expect(reaches('host/snapshot/plugin/', ['host/snapshot/run/'], { tests: false })).toEqual([])
  })

  it('host/conformance/ reaches nothing in plugins/, host/snapshot/ or host/app/, tests included', () => {
    expect(reaches('host/conformance/', ['plugins/', 'host/snapshot/', 'host/app/'], { tests: true })).toEqual([])
  })

  it('plugins/llm-replay/ imports neither the agent nor the session store', () => {
    const forbidden = ['plugins/agent/', 'plugins/session/store.ts', 'plugins/session/index.ts']
    expect(reaches('plugins/llm-replay/', forbidden, { tests: false })).toEqual([])
  })

  it('host/snapshot/core/ reaches no I/O module, directly or through what it imports', () => {
    const IO = /^(node:)?(fs|fs\/promises|child_process|net|http|https|worker_threads|readline)$/
    const found: string[] = []
    for (const file of files.keys()) {
      if (!file.startsWith('host/snapshot/core/') || isTest(file)) continue
      const seen = new Set([file])
      for (const reached of seen)
        for (const { target, typeOnly } of files.get(reached) ?? []) {
          if (typeOnly) continue
          if (IO.test(target)) found.push(`${file} reaches ${target} through ${reached}`)
          else if (files.has(target)) seen.add(target)
        }
    }
    expect(found).toEqual([])
  })

  it('only plugins/config/cordis-compat.ts imports Cordis or Loader internals', () => {
    const INTERNALS = new Set(['symbols', 'Entry', 'FiberState'])
    const found: string[] = []
    for (const [file, imports] of files) {
      if (file === 'plugins/config/cordis-compat.ts') continue
      for (const { target, typeOnly, names } of imports) {
        if (typeOnly || (target !== 'cordis' && target !== '@cordisjs/plugin-loader')) continue
        for (const name of names) if (INTERNALS.has(name)) found.push(`${file} imports ${name} from ${target}`)
      }
    }
    expect(found).toEqual([])
  })
})

describe('the import reader', () => {
  it('sees static, multi-line, type-only, side-effect and dynamic imports', () => {
    const text = [
      "import { a, b as c } from '../../plugins/x.ts'",
      "import type { T } from 'cordis'",
      'export {',
      '  d,',
      "} from './d.ts'",
      "import './side.ts'",
      "const m = await import('./y.ts')",
      "// import { no } from './comment.ts'",
      'export type Later = {',
      '  a: string',
      '}',
      "import { symbols } from 'cordis'",
    ].join('\n')
    expect(importsOf('host/app/z.ts', text)).toEqual([
      { target: 'plugins/x.ts', typeOnly: false, names: ['a', 'b'] },
      { target: 'cordis', typeOnly: true, names: ['T'] },
      { target: 'host/app/d.ts', typeOnly: false, names: ['d'] },
      { target: 'cordis', typeOnly: false, names: ['symbols'] },
      { target: 'host/app/side.ts', typeOnly: false, names: [] },
      { target: 'host/app/y.ts', typeOnly: false, names: [] },
    ])
  })

  it('names a cycle in import order, and finds none in a tree', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'lib.ts']],
      ['c.ts', ['a.ts']],
      ['lib.ts', []],
      ['self.ts', ['self.ts']],
    ])
    expect(importCycles(graph)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['self.ts', 'self.ts'],
    ])
    expect(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([])
  })
})
