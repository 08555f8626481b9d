// The dependency rules of docs/layout.md, and no import cycle anywhere: read from every import of
// every .ts file of the tree, tests included (a rule that exempts tests says so).
import { readFile } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Import, importCycles, importsOf, root, sourceFiles } from './test-support/import-graph.ts'

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

  it('host/snapshot/service/ never imports host/snapshot/run/, which boots and drives it', () => {
    expect(reaches('host/snapshot/service/', ['host/snapshot/run/'], { tests: false })).toEqual([])
  })

  it('outside host/snapshot/run/, run/ is reached through its one entry run.ts (and the composition it boots)', () => {
    // host-composition.ts boots the composition a front shares (vitest, bench, mutate); composition.ts
    // resolves --config/--patch. Test support may read a run's pieces (the subprocess log tail).
    const ENTRY = new Set(['run.ts', 'host-composition.ts', 'composition.ts'].map((f) => `host/snapshot/run/${f}`))
    const found: string[] = []
    for (const [file, imports] of files) {
      if (file.startsWith('host/snapshot/run/') || file.includes('test-support/')) continue
      for (const { target } of imports)
        if (target.startsWith('host/snapshot/run/') && !ENTRY.has(target)) found.push(`${file} imports ${target}`)
    }
    expect(found).toEqual([])
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

  it('no two sibling folders load each other (a type-only import loads nothing; tests and their support aside)', () => {
    const loads = new Map<string, Map<string, string>>()
    for (const [file, imports] of files) {
      if (isTest(file) || file.includes('test-support/')) continue
      for (const { target, typeOnly } of imports) {
        const [from, to] = [dirname(file), dirname(target)]
        if (typeOnly || !files.has(target) || from === to || from.startsWith(`${to}/`) || to.startsWith(`${from}/`))
          continue
        if (!loads.has(from)) loads.set(from, new Map())
        loads.get(from)?.set(to, `${file} imports ${target}`)
      }
    }
    const pairs: string[] = []
    for (const [from, targets] of loads)
      for (const [to, example] of targets) {
        const back = loads.get(to)?.get(from)
        if (from < to && back) pairs.push(`${from} ⇄ ${to}: ${example}; ${back}`)
      }
    expect(pairs).toEqual([])
  })

  it('no two folders of host/snapshot/ import each other, type imports included', () => {
    // A type import loads nothing, but a pair that names each other's types is one layer in two folders.
    const folder = (file: string) => file.split('/')[2] ?? ''
    const named = new Map<string, string>()
    for (const [file, imports] of files) {
      if (!file.startsWith('host/snapshot/') || isTest(file) || file.includes('test-support/')) continue
      for (const { target } of imports) {
        const [from, to] = [folder(file), folder(target)]
        if (target.startsWith('host/snapshot/') && from !== to)
          named.set(`${from} → ${to}`, `${file} imports ${target}`)
      }
    }
    const pairs = [...named.keys()].flatMap((edge) => {
      const [from = '', to = ''] = edge.split(' → ')
      const back = named.get(`${to} → ${from}`)
      return from < to && back ? [{ pair: `${from} ⇄ ${to}`, why: `${named.get(edge)}; ${back}` }] : []
    })
    expect(pairs).toEqual([])
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
      "import { a, type B, b as c } from '../../plugins/x.ts'",
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
      { target: 'plugins/x.ts', typeOnly: false, names: ['a', 'B', 'b'] },
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
