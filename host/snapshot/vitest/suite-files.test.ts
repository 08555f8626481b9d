import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../scenario/discover.ts'
import { orphanProblems, suiteRoot } from './suite-files.ts'

const scratch = mkdtempSync(join(tmpdir(), 'dsh-suite-files-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const scenario = (name: string) => ({ name }) as LoadedScenario

describe('suiteRoot', () => {
  const project = join(scratch, 'project')
  mkdirSync(join(project, 'scenarios'), { recursive: true })
  mkdirSync(join(project, 'tests', 'deep'), { recursive: true })

  it('finds the nearest folder at or above the test file that holds scenarios/', () => {
    expect(suiteRoot(join(project, 'tests', 'deep'), undefined)).toBe(project)
    expect(suiteRoot(join(project, 'scenarios'), undefined)).toBe(project)
  })

  it('resolves root against the test file folder, or takes it absolute', () => {
    expect(suiteRoot(join(project, 'tests'), '..')).toBe(project)
    expect(suiteRoot('/elsewhere', project)).toBe(project)
  })

  it('names a root without scenarios/ and says what to pass', () => {
    expect(() => suiteRoot(join(project, 'tests'), '.')).toThrow(
      `root ${join(project, 'tests')} has no scenarios/ folder; pass root as the folder that holds scenarios/`,
    )
  })
})

describe('orphanProblems', () => {
  const dir = join(scratch, 'tables')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'a.snapshot.test.ts'), "await defineSnapshotSuite({ url, scenarios: ['one'] })\n")
  writeFileSync(join(dir, 'b.snapshot.test.js'), 'await defineSnapshotSuite({ url, scenarios: ["two"] })\n')
  writeFileSync(join(dir, 'own.test.ts'), "await defineSnapshotSuite({ url, scenarios: ['three'] })\n")

  it('counts names in this file and in the *.snapshot.test.* tables beside it', () => {
    const corpus = ['one', 'two', 'three', 'four'].map(scenario)
    expect(orphanProblems(join(dir, 'own.test.ts'), corpus)).toEqual([
      'scenarios/four is in no table (own.test.ts or a *.snapshot.test.* file beside it); ' +
        'add it to one (an orphan would never run)',
    ])
  })

  it("is empty when a table beside it runs scenarios: 'all'", () => {
    writeFileSync(join(dir, 'c.snapshot.test.ts'), "await defineSnapshotSuite({ url, scenarios: 'all' })\n")
    expect(orphanProblems(join(dir, 'own.test.ts'), ['four'].map(scenario))).toEqual([])
  })
})
