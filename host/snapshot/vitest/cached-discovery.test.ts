import { cpSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import { discoverCached } from './cached-discovery.ts'
import { failureMessages } from '../model/failure.ts'

const project = scratchProject('cached-discovery')
afterAll(() => project.remove())
cpSync(packageFile('scenarios', 'text-turn'), join(project.root, 'scenarios', 'text-turn'), { recursive: true })

describe('discoverCached', () => {
  it('in watch mode, discovers once while the corpus is unchanged, and again after any file changes', async () => {
    vi.stubEnv('VITEST_MODE', 'WATCH')
    const first = await discoverCached(project.root, { goldensOptional: true })
    expect(await discoverCached(project.root, { goldensOptional: true })).toBe(first)
    expect(await discoverCached(project.root, { goldensOptional: false })).not.toBe(first)

    const input = join(project.root, 'scenarios', 'text-turn', 'input.json')
    const later = new Date(Date.now() + 5_000)
    utimesSync(input, later, later)
    const afterTouch = await discoverCached(project.root, { goldensOptional: true })
    expect(afterTouch).not.toBe(first)

    writeFileSync(join(project.root, 'scenarios', 'text-turn', 'notes.md'), 'stray\n')
    const afterAdd = await discoverCached(project.root, { goldensOptional: true })
    expect(afterAdd).not.toBe(afterTouch)
    expect(failureMessages(afterAdd.scenarios[0]?.problems ?? [])).toEqual([
      expect.stringContaining('scenarios/text-turn/notes.md is not expected here'),
    ])
    // dsh.config.yml is merged into every manifest: writing it is a change of the corpus too.
    writeFileSync(join(project.root, 'dsh.config.yml'), 'maxAge: 30d\n')
    expect(await discoverCached(project.root, { goldensOptional: true })).not.toBe(afterAdd)
  })

  it('in a single run, discovers once for the whole run, as dsh test does', async () => {
    vi.stubEnv('VITEST_MODE', 'RUN')
    const first = await discoverCached(project.root, { goldensOptional: true, obsoleteHandled: true })
    const input = join(project.root, 'scenarios', 'text-turn', 'input.json')
    const later = new Date(Date.now() + 10_000)
    utimesSync(input, later, later)
    expect(await discoverCached(project.root, { goldensOptional: true, obsoleteHandled: true })).toBe(first)
  })
})
