import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { loadScenarioPatch } from './scenario-patch.ts'

const root = mkdtempSync(join(tmpdir(), 'dsh-scenario-patch-'))
const dir = join(root, 'scenarios', 'x')
const LABEL = 'scenarios/x/cordis.patch.yml'
afterAll(() => rmSync(root, { recursive: true, force: true }))
beforeEach(() => {
  rmSync(root, { recursive: true, force: true })
  mkdirSync(join(dir, 'plugin'), { recursive: true })
  mkdirSync(join(root, 'elsewhere'))
  writeFileSync(join(dir, 'plug.js'), 'export const apply = () => {}\n')
  writeFileSync(join(dir, 'plugin', 'index.js'), 'export const apply = () => {}\n')
  writeFileSync(join(dir, 'typed.ts'), 'export const apply = () => {}\n')
  writeFileSync(join(root, 'elsewhere', 'outside.js'), 'export const apply = () => {}\n')
})

const load = (text: string) => {
  writeFileSync(join(dir, 'cordis.patch.yml'), text)
  return loadScenarioPatch(root, 'x')
}

describe('loadScenarioPatch', () => {
  it('is undefined for a scenario without cordis.patch.yml', async () => {
    expect(loadScenarioPatch(root, 'x')).toBeUndefined()
  })

  it('accepts modules in the folder and packages, and names the files the modules live in', async () => {
    const patch = load(
      [
        '- insert:',
        '    - { id: a, name: ./plug.js }',
        '    - { id: b, name: ./plugin }',
        '    - { id: c, name: js-yaml }',
        '- { id: agent, config: { model: !env DSH_UNSET_FOR_THIS_TEST } }',
      ].join('\n'),
    )
    expect(patch).toEqual({ file: join(dir, 'cordis.patch.yml'), moduleFiles: ['plug.js', 'plugin'] })
  })

  it('refuses a module path that leaves the scenario folder, with file, line, column and the fix', async () => {
    expect(() => load('- insert:\n    - { id: a, name: ../../elsewhere/outside.js }\n')).toThrow(
      `${LABEL}:2:7: entry "a": module "../../elsewhere/outside.js" leaves the scenario folder; ` +
        'a scenario patch inserts modules from its own folder (./my-plugin.js) or packages by name',
    )
    expect(() => load(`- insert: [ { id: a, name: ${join(root, 'elsewhere', 'outside.js')} } ]\n`)).toThrow(
      `${LABEL}:1:13: entry "a": module "${join(root, 'elsewhere', 'outside.js')}" leaves the scenario folder`,
    )
  })

  it('refuses a symlink in the folder that leads out of it', async () => {
    symlinkSync(join(root, 'elsewhere', 'outside.js'), join(dir, 'link.js'))
    expect(() => load('- insert: [ { id: a, name: ./link.js } ]\n')).toThrow(
      `${LABEL}:1:13: entry "a": module "./link.js" leaves the scenario folder`,
    )
  })

  it('names a module that does not resolve; takes a TypeScript one (tsx loads it)', async () => {
    expect(() => load('- insert:\n  - { id: a, name: ./missing.js }\n')).toThrow(
      `${LABEL}:2:5: entry "a": cannot resolve module "./missing.js" (relative to ${dir}); tried`,
    )
    expect(() => load('- insert:\n  - { id: a, name: no-such-package-xyz }\n')).toThrow(
      `${LABEL}:2:5: entry "a": cannot resolve module "no-such-package-xyz"`,
    )
    expect(() => load('- insert: [ { id: a, name: ./typed.ts } ]\n')).not.toThrow()
  })

  it('names YAML errors and malformed patches with line and column', async () => {
    expect(() => load('- insert: [ { id: a, name: ./plug.js }\n')).toThrow(new RegExp(`^${LABEL}:2:1: invalid YAML: `))
    expect(() => load('- { id: agent, disabled: true }\n- { id: agent, confg: {} }\n')).toThrow(
      `${LABEL}:2:3: patch 2 of 2 (id "agent"): has unknown patch key "confg"`,
    )
  })
})
