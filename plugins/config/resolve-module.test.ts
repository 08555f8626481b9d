import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resolveEntryModule } from './resolve-module.ts'

let root: string
const touch = (relative: string) => {
  const file = path.join(root, relative)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, 'export const name = "x"; export const apply = () => {}\n')
  return file
}
const source = { compiled: false, packageRoot: '/nonexistent' }
const href = (relative: string) => pathToFileURL(path.join(root, relative)).href

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dsh-resolve-'))
  touch('pkg/plugins/folder/index.ts')
  touch('pkg/plugins/single.ts')
  touch('pkg/plugins/both.ts')
  touch('pkg/plugins/both/index.ts')
  touch('pkg/plugins/plain.js')
  touch('pkg/dist/plugins/folder/index.js')
  // An installed package: dist/ without the sources.
  touch('shipped/dist/plugins/only/index.js')
  touch('shipped/dist/lib/helper.js')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('resolveEntryModule', () => {
  test('./ names resolve against the composition file folder, not the process cwd', () => {
    expect(process.cwd()).not.toBe(path.join(root, 'pkg'))
    expect(resolveEntryModule({ id: 'a', name: './plugins/folder', baseDir: path.join(root, 'pkg') }, source)).toBe(
      href('pkg/plugins/folder/index.ts'),
    )
    expect(
      resolveEntryModule({ id: 'a', name: '../plugins/single', baseDir: path.join(root, 'pkg/dist') }, source),
    ).toBe(href('pkg/plugins/single.ts'))
  })

  test('candidates are tried in order P, P.ts, P.js, P/index.ts, P/index.js', () => {
    const baseDir = path.join(root, 'pkg')
    expect(resolveEntryModule({ id: 'a', name: './plugins/both', baseDir }, source)).toBe(href('pkg/plugins/both.ts'))
    expect(resolveEntryModule({ id: 'a', name: './plugins/plain', baseDir }, source)).toBe(href('pkg/plugins/plain.js'))
    expect(resolveEntryModule({ id: 'a', name: './plugins/plain.js', baseDir }, source)).toBe(
      href('pkg/plugins/plain.js'),
    )
  })

  test('absolute paths and file: URLs are accepted', () => {
    const file = path.join(root, 'pkg/plugins/single.ts')
    expect(resolveEntryModule({ id: 'a', name: file, baseDir: '/' }, source)).toBe(href('pkg/plugins/single.ts'))
    expect(resolveEntryModule({ id: 'a', name: pathToFileURL(file).href, baseDir: '/' }, source)).toBe(
      href('pkg/plugins/single.ts'),
    )
  })

  test('compiled: a .ts source inside the package maps to its dist/ twin', () => {
    const compiled = { compiled: true, packageRoot: path.join(root, 'pkg') }
    expect(resolveEntryModule({ id: 'a', name: './plugins/folder', baseDir: path.join(root, 'pkg') }, compiled)).toBe(
      href('pkg/dist/plugins/folder/index.js'),
    )
    expect(resolveEntryModule({ id: 'a', name: './plugins/plain', baseDir: path.join(root, 'pkg') }, compiled)).toBe(
      href('pkg/plugins/plain.js'),
    )
  })

  test('compiled, installed without sources: a name inside the package resolves to what dist/ ships', () => {
    const shipped = { compiled: true, packageRoot: path.join(root, 'shipped') }
    const baseDir = path.join(root, 'shipped')
    expect(resolveEntryModule({ id: 'a', name: './plugins/only', baseDir }, shipped)).toBe(
      href('shipped/dist/plugins/only/index.js'),
    )
    expect(resolveEntryModule({ id: 'a', name: './lib/helper.ts', baseDir }, shipped)).toBe(
      href('shipped/dist/lib/helper.js'),
    )
    expect(() => resolveEntryModule({ id: 'a', name: './plugins/only', baseDir }, source)).toThrow(
      /entry "a": cannot resolve module "\.\/plugins\/only"/,
    )
    expect(() => resolveEntryModule({ id: 'a', name: './plugins/none', baseDir }, shipped)).toThrow(
      /entry "a": cannot resolve module "\.\/plugins\/none"/,
    )
  })

  test('compiled: a missing twin tells the user to build', () => {
    const compiled = { compiled: true, packageRoot: path.join(root, 'pkg') }
    expect(() =>
      resolveEntryModule({ id: 'single', name: './plugins/single', baseDir: path.join(root, 'pkg') }, compiled),
    ).toThrow(
      new RegExp(
        String.raw`entry "single": module "\.\/plugins\/single" has no compiled twin ` +
          String.raw`.*dist\/plugins\/single\.js; run npm run build`,
      ),
    )
  })

  test('compiled: a .ts module outside the package stays TypeScript (tsx loads it: typescript-import.ts)', () => {
    const compiled = { compiled: true, packageRoot: path.join(root, 'elsewhere') }
    expect(
      resolveEntryModule({ id: 'x', name: './plugins/single', baseDir: path.join(root, 'pkg') }, compiled),
    ).toMatch(/^file:.*\/pkg\/plugins\/single\.ts$/)
  })

  test('bare names resolve as packages', () => {
    expect(resolveEntryModule({ id: 'a', name: 'zod', baseDir: root }, source)).toMatch(/^file:.*\/node_modules\/zod\//)
  })

  test('an unresolvable module names the entry id and the specifier', () => {
    expect(() =>
      resolveEntryModule({ id: 'ghost', name: './plugins/ghost', baseDir: path.join(root, 'pkg') }, source),
    ).toThrow(/^entry "ghost": cannot resolve module "\.\/plugins\/ghost" \(relative to .*pkg\); tried .*ghost\.ts/)
    expect(() => resolveEntryModule({ id: 'pkg', name: 'dsh-no-such-package', baseDir: root }, source)).toThrow(
      /^entry "pkg": cannot resolve module "dsh-no-such-package": no such package/,
    )
  })
})
