import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CompositionEntry } from './entries.ts'
import { importEntries } from './import-entries.ts'
import { ModuleCache } from './module-cache.ts'

let dir: string
const url = (name: string) => pathToFileURL(path.join(dir, 'plugins', `${name}.ts`)).href

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dsh-import-'))
  mkdirSync(path.join(dir, 'plugins'))
  for (const name of ['a', 'b', 'broken', 'inert']) writeFileSync(path.join(dir, 'plugins', `${name}.ts`), '')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const pluginA = { name: 'a', apply: () => {} }
class PluginB {}
const modules: Record<string, unknown> = {
  a: { name: 'a', apply: pluginA.apply },
  b: { default: PluginB },
  inert: { something: 1 },
}
const fakeImport = async (href: string) => {
  const name = path.basename(new URL(href).pathname, '.ts')
  if (!(name in modules)) throw new Error(`SyntaxError in ${name}`)
  return modules[name]
}

describe('importEntries', () => {
  test('enabled entries become cordis:<url> builtins; missing config becomes {}', async () => {
    const entries: CompositionEntry[] = [
      { id: 'a', name: './plugins/a' },
      { id: 'b', name: './plugins/b', config: { x: 1 } },
    ]
    const result = await importEntries(entries, dir, {}, new ModuleCache(fakeImport))
    expect(result.entries).toEqual([
      { id: 'a', name: `cordis:${url('a')}`, config: {} },
      { id: 'b', name: `cordis:${url('b')}`, config: { x: 1 } },
    ])
    expect(result.builtins[url('a')]).toBe(modules.a)
    expect(result.builtins[url('b')]).toBe(PluginB)
  })

  test('disabled entries and everything in a disabled group are left alone', async () => {
    const entries: CompositionEntry[] = [
      { id: 'off', name: './plugins/missing', disabled: true },
      {
        id: 'g',
        name: 'cordis:group',
        group: true,
        disabled: true,
        config: [{ id: 'inner', name: './plugins/missing' }],
      },
      { id: 'g2', name: 'cordis:group', group: true, config: [{ id: 'a', name: './plugins/a' }] },
    ]
    const result = await importEntries(entries, dir, { group: {} }, new ModuleCache(fakeImport))
    expect(result.entries[0]).toEqual({ id: 'off', name: './plugins/missing', disabled: true, config: {} })
    expect(result.entries[1]?.config).toEqual([{ id: 'inner', name: './plugins/missing', config: {} }])
    expect(result.entries[2]).toEqual({
      id: 'g2',
      name: 'cordis:group',
      group: true,
      config: [{ id: 'a', name: `cordis:${url('a')}`, config: {} }],
    })
    expect(Object.keys(result.builtins)).toEqual([url('a')])
  })

  test('an import failure names the entry id, the specifier and the cause', async () => {
    await expect(
      importEntries([{ id: 'bad', name: './plugins/broken' }], dir, {}, new ModuleCache(fakeImport)),
    ).rejects.toThrow(
      /^entry "bad": importing module "\.\/plugins\/broken" \(file:.*broken\.ts\) failed: SyntaxError in broken$/,
    )
  })

  test('a module that exports no plugin is an error', async () => {
    await expect(
      importEntries([{ id: 'inert', name: './plugins/inert' }], dir, {}, new ModuleCache(fakeImport)),
    ).rejects.toThrow(/entry "inert": module "\.\/plugins\/inert" .* is not a Cordis plugin/)
  })

  test('an unknown cordis: builtin is an error', async () => {
    await expect(
      importEntries([{ id: 'x', name: 'cordis:nope' }], dir, { group: {} }, new ModuleCache(fakeImport)),
    ).rejects.toThrow('entry "x": unknown builtin "cordis:nope" (known: cordis:group)')
  })
})
