// issue 28 item 10: a refresh that cannot write one fixture (a real immutable file) writes none
// of the scenario's files and names the one that failed.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { textReply } from '../../../lib/model-wire/index.ts'
import { scratchProject, type ScratchProject } from '../test-support/scratch-project.ts'
import { runScenarios } from './run.ts'
import { failureMessages } from '../model/failure.ts'

let project: ScratchProject
let unprotect: (() => void) | undefined
beforeEach(() => {
  project = scratchProject('refresh-all-or-none')
})
afterEach(() => {
  unprotect?.()
  unprotect = undefined
  project.remove()
})

/** Makes `file` impossible to replace: immutable where we may (root), else a folder stands in its place. */
function protect(file: string): void {
  try {
    execFileSync('chattr', ['+i', file], { stdio: 'ignore' })
    unprotect = () => execFileSync('chattr', ['-i', file], { stdio: 'ignore' })
  } catch {
    rmSync(file)
    mkdirSync(file)
  }
}

const folderBytes = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), 'latin1')]))

it('writes all of a scenario’s fixtures or none, naming the one that could not be written', async () => {
  project.scenario('greet', {
    manifest: 'scenario: greet\ndescription: greet.\nrecording: stub\nheader:\n  class: default\n  pin: true\n',
    input: {
      steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: 'hi' }],
    },
  })
  project.modelScript('greet', [textReply('Hello.')])
  const first = await runScenarios({ root: project.root, mode: 'record', stub: true, names: ['greet'] })
  expect(first.outcomes.map((o) => o.failures)).toEqual([[]])
  const dir = join(project.root, 'scenarios', 'greet')
  project.modelScript('greet', [textReply('Something else entirely.')])
  // The last file the refresh would write, so that the others were written first without the transaction.
  protect(join(dir, 'session.jsonl'))
  const before = folderBytes(dir)

  const second = await runScenarios({ root: project.root, mode: 'record', stub: true, names: ['greet'] })
  const failures = failureMessages(second.outcomes[0]!.failures).join('\n')
  expect(failures).toContain('scenario greet: could not write scenarios/greet/session.jsonl: ')
  expect(failures).toMatch(/none of its \d+ fixture changes were made/)
  expect(folderBytes(dir)).toEqual(before)
})
