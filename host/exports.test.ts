// Every export of a module is someone's API: another module imports it, or it belongs to a public
// entry (a plugin's index, the package's host and vitest entries, a module loaded by path). An export
// only tests import is a second API the product does not use: it becomes the real API or goes.
import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Import, importsOf, root, sourceFiles } from './test-support/import-graph.ts'

const isTestCode = (file: string) =>
  file.endsWith('.test.ts') || file.includes('/test-support/') || file.endsWith('.test-support.ts')
// The package's public modules (package.json `exports`): every export is for the user.
const PUBLIC = [/^plugins\/[^/]+\/index\.ts$/, /^host\/index\.ts$/, /^host\/snapshot\/vitest\/index\.ts$/]

// A default export, and the names Cordis's Loader reads from a plugin module, are for whoever loads it by path.
const LOADER_NAMES = new Set(['name', 'inject', 'Config', 'apply', 'usage', 'filter', 'reusable', 'reactive'])
const DECLARED = new RegExp(
  String.raw`^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?` +
    String.raw`(?:function\*?|const|let|class|interface|type|enum)\s+([\w$]+)`,
  'gm',
)
const LISTED = /^export\s+(?:type\s+)?\{([^}]*)\}(?!\s*from)/gm

/** The names a module's text exports itself (re-exports through `from` are the source module's). */
function exportedNames(text: string): string[] {
  const names = [...text.matchAll(DECLARED)].map((match) => match[1]!)
  for (const [, list] of text.matchAll(LISTED))
    names.push(
      ...list!
        .split(',')
        .map(
          (item) =>
            item
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
        )
        .filter(Boolean),
    )
  return names.filter((name) => !LOADER_NAMES.has(name))
}

const texts = new Map<string, string>()
const imports = new Map<string, Import[]>()
for (const file of await sourceFiles(root)) {
  const path = relative(root, file)
  if (path.endsWith('.d.ts')) continue
  const text = await readFile(file, 'utf8')
  texts.set(path, text)
  if (file !== import.meta.filename) imports.set(path, importsOf(path, text))
}

/** For each module, the names importers take from it; `*` when one takes it whole (namespace, default, dynamic). */
function namesTaken(importers: (file: string) => boolean): Map<string, Set<string>> {
  const taken = new Map<string, Set<string>>()
  for (const [file, list] of imports) {
    if (!importers(file)) continue
    for (const { target, names } of list) {
      const set = taken.get(target) ?? new Set<string>()
      taken.set(target, set)
      for (const name of names.length ? names : ['*']) set.add(name)
    }
  }
  return taken
}

/** `file: name` for each export no production module imports, with whether a test does. */
function unusedExports(): { testOnly: string[]; nowhere: string[] } {
  const byProduct = namesTaken((file) => !isTestCode(file))
  const byTests = namesTaken(isTestCode)
  const found = { testOnly: [] as string[], nowhere: [] as string[] }
  for (const [file, text] of texts) {
    if (isTestCode(file) || PUBLIC.some((pattern) => pattern.test(file))) continue
    const product = byProduct.get(file)
    // Imported by no module of the product: loaded by path (a plugin, a CLI command, a worker, a bench part).
    if (!product || product.has('*')) continue
    for (const name of exportedNames(text)) {
      if (product.has(name)) continue
      const tests = byTests.get(file)
      ;(tests?.has(name) || tests?.has('*') ? found.testOnly : found.nowhere).push(`${file}: ${name}`)
    }
  }
  return found
}

describe('the exports of the tree', () => {
  const { testOnly, nowhere } = unusedExports()
  it('are each imported by some module (an export nothing imports loses its `export`)', () => {
    expect(nowhere).toEqual([])
  })
  it('are not a second API only tests use (it becomes the real API or goes)', () => {
    expect(testOnly).toEqual([])
  })
})

describe('the export reader', () => {
  it('reads declared and listed exports, not re-exports', () => {
    const text = [
      'export const a = 1',
      'export async function b() {}',
      'export interface C {}',
      'export type D = string',
      'export default class E {}',
      "export const name = 'plugin'",
      'export { f, g as h }',
      "export { i } from './i.ts'",
      'const notExported = 2',
    ].join('\n')
    expect(exportedNames(text)).toEqual(['a', 'b', 'C', 'D', 'f', 'h'])
  })
})
