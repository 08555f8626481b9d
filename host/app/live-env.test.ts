import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { loadEntryModules, traitsFrom, type TraitsOf } from '../../plugins/config/entry-traits.ts'
import { loadComposition } from '../../plugins/config/load.ts'
import { ModuleCache } from '../../plugins/config/module-cache.ts'
import { loadDotEnvForLiveMode } from './live-env.ts'
import { packageRoot } from '../../lib/package-root.ts'

type Entries = Parameters<typeof loadDotEnvForLiveMode>[0]
/** Entries named `live…` are network adapters, the rest are not: traits without modules. */
const byName: TraitsOf = (entry) => ({
  provides: [],
  ...(entry.id.startsWith('live') ? { modelAdapter: { label: 'x', models: ['m'], network: true } } : {}),
})
/** Whether the composition counts as live: .env loading asks, and finds no file. */
const usesLiveAdapter = (entries: Entries, traitsOf: TraitsOf = byName) =>
  loadDotEnvForLiveMode(entries, traitsOf, { cwd: '/', exists: () => false, loadEnvFile: () => {} }) !== 'replay'

const repo = packageRoot
const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})
/** A temp folder removed after the test. */
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dsh-env-'))
  made.push(dir)
  return dir
}

describe('live mode .env loading', () => {
  test('the shipped cordis.yml is live; with cordis.snapshot.yml it is replay', async () => {
    const modules = new ModuleCache()
    const live = await loadComposition({ configFile: path.join(repo, 'cordis.yml'), env: {}, modules })
    const replay = await loadComposition({
      configFile: path.join(repo, 'cordis.yml'),
      patches: [path.join(repo, 'cordis.snapshot.yml')],
      env: {},
      modules,
    })
    await loadEntryModules(live.entries, repo, modules)
    const traits = traitsFrom(modules, repo)
    expect(usesLiveAdapter(live.entries, traits)).toBe(true)
    expect(usesLiveAdapter(replay.entries, traits)).toBe(false)
  })

  test('a disabled group hides the live adapter', () => {
    const group = {
      id: 'models',
      name: 'cordis:group',
      group: true,
      disabled: true,
      config: [{ id: 'live-model', name: './x' }],
    }
    expect(usesLiveAdapter([group])).toBe(false)
    expect(usesLiveAdapter([{ ...group, disabled: false }])).toBe(true)
  })

  test('live: loads <cwd>/.env when present; replay never loads it', () => {
    const cwd = tempDir()
    writeFileSync(path.join(cwd, '.env'), 'DSH_TEST_FROM_DOTENV=yes\n')
    const live = [{ id: 'live-model', name: './plugins/llm-deepseek' }]
    const loaded: string[] = []
    const loadEnvFile = (file: string) => {
      loaded.push(file)
    }

    expect(loadDotEnvForLiveMode([{ ...live[0]!, disabled: true }], byName, { cwd, loadEnvFile })).toBe('replay')
    expect(loaded).toEqual([])
    expect(loadDotEnvForLiveMode(live, byName, { cwd: path.join(cwd, 'missing'), loadEnvFile })).toBe('no-file')
    expect(loaded).toEqual([])
    expect(loadDotEnvForLiveMode(live, byName, { cwd, loadEnvFile })).toBe('loaded')
    expect(loaded).toEqual([path.join(cwd, '.env')])
  })

  test('the default loader really fills process.env', () => {
    const cwd = tempDir()
    writeFileSync(path.join(cwd, '.env'), 'DSH_TEST_FROM_DOTENV_REAL=loaded\n')
    try {
      expect(loadDotEnvForLiveMode([{ id: 'live-model', name: './x' }], byName, { cwd })).toBe('loaded')
      expect(process.env.DSH_TEST_FROM_DOTENV_REAL).toBe('loaded')
    } finally {
      delete process.env.DSH_TEST_FROM_DOTENV_REAL
    }
  })
})
