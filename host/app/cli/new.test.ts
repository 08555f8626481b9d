// `dsh new` in a scratch project: the scaffold names its schemas, joins the class's pin (or
// becomes the pin of a new class), is added to a table that lists names, and records keylessly.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { discoverScenarios } from '../../snapshot/scenario/discover.ts'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'
import { runCli } from '../test-support/run-cli.ts'

const project = scratchProject('new')
afterAll(() => project.remove())
cpSync(packageFile('scenarios', 'text-turn'), join(project.root, 'scenarios', 'text-turn'), { recursive: true })
const table = join(project.root, 'scenarios', 'all.snapshot.test.ts')
writeFileSync(
  table,
  "await defineSnapshotSuite({\n  url: import.meta.url,\n  scenarios: [\n    'text-turn',\n  ],\n})\n",
)

const dsh = (...argv: string[]) => runCli([...argv, '--root', project.root])

describe('dsh new', () => {
  it('scaffolds a folder whose files reference their schemas, and adds it to the table', async () => {
    const result = await dsh('new', 'read-config', '--description', 'Reads the config.')
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('npx dsh test read-config --mode record --stub')
    const dir = join(project.root, 'scenarios', 'read-config')
    const manifest = readFileSync(join(dir, 'snapshot.yml'), 'utf8')
    const comment = /^# yaml-language-server: \$schema=(.+)\n/.exec(manifest)
    expect(resolve(dir, comment![1]!)).toBe(packageFile('schemas', 'snapshot.schema.json'))
    expect(manifest).toContain('\nrecording: stub\nheader:\n  class: default\n')
    expect(manifest).not.toMatch(/^\s*pin:/m)
    const input = JSON.parse(readFileSync(join(dir, 'input.json'), 'utf8'))
    expect(resolve(dir, input.$schema)).toBe(packageFile('schemas', 'input.schema.json'))
    expect(readFileSync(join(dir, 'model.yml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=.*model\.schema\.json\n/,
    )
    expect(readFileSync(table, 'utf8')).toContain("    'text-turn',\n    'read-config',\n  ],")
    // Valid as written: only the fixtures a recording makes are missing.
    const [loaded] = (await discoverScenarios(project.root, { names: ['read-config'], mode: 'record' })).scenarios
    expect(loaded?.problems).toEqual([])
  })

  it('is recorded keylessly with --stub as it stands, and then replays green', async () => {
    const recorded = await dsh('test', 'read-config', '--mode', 'record', '--stub')
    expect(recorded.code, recorded.stdout).toBe(0)
    expect((await dsh('test', 'read-config')).code).toBe(0)
  })

  it('becomes the pin of a class that has none', async () => {
    expect((await dsh('new', 'other-tools', '--class', 'other')).code).toBe(0)
    expect(readFileSync(join(project.root, 'scenarios', 'other-tools', 'snapshot.yml'), 'utf8')).toContain(
      '  class: other\n  pin: true\n',
    )
  })

  it('refuses a bad or taken name (exit 2)', async () => {
    expect(await dsh('new', 'Read_Config')).toMatchObject({ code: 2, stderr: expect.stringContaining('kebab-case') })
    expect(await dsh('new', 'text-turn')).toMatchObject({ code: 2, stderr: expect.stringContaining('already exists') })
    expect(existsSync(join(project.root, 'scenarios', 'Read_Config'))).toBe(false)
  })
})
