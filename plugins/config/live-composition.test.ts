// The live composition: reconfiguring with in-memory patches restarts exactly the entries whose
// options change (and their dependents), with the new config; the others keep running.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Context } from 'cordis'
import { Loader } from '@cordisjs/plugin-loader'
import { afterAll, describe, expect, it } from 'vitest'
import * as configPlugin from './index.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'dsh-live-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Each start records `<id> <config>`; `alpha` provides a service that `beta` requires. */
const starts: string[] = []
;(globalThis as Record<string, unknown>).__liveStarts = starts
const plugin = (name: string, extra: string) =>
  `export const name = '${name}'\n${extra}\nexport function apply(ctx, config) { ` +
  `globalThis.__liveStarts.push('${name} ' + JSON.stringify(config)) }\n`
writeFileSync(
  path.join(dir, 'alpha.mjs'),
  "export const name = 'alpha'\nexport function apply(ctx, config) { globalThis.__liveStarts.push('alpha ' + " +
    "JSON.stringify(config)); ctx.reflect.provide('alpha', {}) }\n",
)
writeFileSync(path.join(dir, 'beta.mjs'), plugin('beta', "export const inject = ['alpha']"))
writeFileSync(path.join(dir, 'gamma.mjs'), plugin('gamma', ''))
writeFileSync(
  path.join(dir, 'cordis.yml'),
  '- { id: alpha, name: ./alpha.mjs, config: { v: 1 } }\n- { id: beta, name: ./beta.mjs }\n- { id: gamma, name: ' +
    './gamma.mjs, config: { v: 1 } }\n',
)

async function boot() {
  const ctx = new Context()
  await ctx.plugin(Loader, { baseUrl: `${pathToFileURL(dir).href}/` })
  const fiber = ctx.plugin(configPlugin, { file: path.join(dir, 'cordis.yml'), patches: [] })
  await fiber
  await ctx.loader.await()
  return { live: ctx.get('composition')!, dispose: () => fiber.dispose() }
}

describe('the live composition', () => {
  it('restarts only the patched entry and what depends on it, with the new config', async () => {
    const { live, dispose } = await boot()
    try {
      expect(starts.splice(0).sort()).toEqual(['alpha {"v":1}', 'beta {}', 'gamma {"v":1}'])
      await live.reconfigure([{ source: 'test', patches: [{ id: 'alpha', config: { v: 2 } }] }])
      expect(starts.splice(0)).toEqual(['alpha {"v":2}', 'beta {}'])
      await live.reconfigure([{ source: 'test', patches: [{ id: 'gamma', disabled: true }] }])
      // alpha goes back to its base config; gamma stops.
      expect(starts.splice(0)).toEqual(['alpha {"v":1}', 'beta {}'])
      await live.reconfigure([])
      expect(starts.splice(0)).toEqual(['gamma {"v":1}'])
      expect(live.entries.map((entry) => entry.id)).toEqual(['alpha', 'beta', 'gamma'])
    } finally {
      await dispose()
    }
  })
})
