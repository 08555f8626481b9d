// An entry's traits are read once per composition load: overlays ask for every entry once per
// selector, and a model adapter's description parses its config each time it is asked.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { loadEntryModules, traitsFrom } from './entry-traits.ts'
import { ModuleCache } from './module-cache.ts'
import { selectEntries } from './selector.ts'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

it("describes each model adapter entry once however many selectors ask, each entry's own config", async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dsh-entry-traits-'))
  writeFileSync(path.join(dir, 'adapter.js'), 'export {}\n')
  const described: unknown[] = []
  const plugin = {
    name: 'adapter',
    apply() {},
    modelAdapter(config: { network?: boolean }) {
      described.push(config)
      return { label: 'A', models: ['m'], network: config.network === true }
    },
  }
  const modules = new ModuleCache(async () => ({ default: plugin }))
  const online = { id: 'online', name: './adapter.js', config: { network: true } }
  const offline = { id: 'offline', name: './adapter.js', config: { network: false } }
  await loadEntryModules([online, offline], dir, modules)
  const traitsOf = traitsFrom(modules, dir)
  for (let round = 0; round < 3; round++) {
    expect(selectEntries([online, offline], { modelAdapter: 'network' }, traitsOf, 'patch').map((e) => e.id)).toEqual([
      'online',
    ])
    expect(selectEntries([online, offline], { modelAdapter: 'offline' }, traitsOf, 'patch').map((e) => e.id)).toEqual([
      'offline',
    ])
  }
  expect(described).toEqual([{ network: true }, { network: false }])
})
