// issue 28 item 10: `dsh test` on a corrupt session log fixture names the file and line
// without a stack trace in front of it.
import { execFile } from 'node:child_process'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, expect, it } from 'vitest'
import { repoRoot, scratchProject, type ScratchProject } from '../snapshot/test-support/scratch-project.ts'

let project: ScratchProject | undefined
afterEach(() => project?.remove())

it('reports a corrupt fixture by its named error alone', async () => {
  project = scratchProject('corrupt-fixture')
  const dir = join(project.root, 'scenarios', 'text-turn')
  cpSync(join(repoRoot, 'scenarios', 'text-turn'), dir, { recursive: true })
  const lines = readFileSync(join(dir, 'session.jsonl'), 'utf8').split('\n')
  writeFileSync(join(dir, 'session.jsonl'), [...lines.slice(0, 3), '{"broken', ...lines.slice(3)].join('\n'))

  const run = promisify(execFile)(process.execPath, [join(repoRoot, 'bin', 'dsh.js'), 'test', '--root', project.root], {
    cwd: project.root,
    env: { PATH: process.env.PATH },
  })
  const { stdout, stderr } = await run.catch((failed: { stdout: string; stderr: string }) => failed)
  // The scenario's failure in the report names the fixture (relative to the project) and the line.
  expect(stdout).toContain(`cause: scenario text-turn: scenarios/text-turn/session.jsonl:4: not valid JSON (`)
  expect(`${stdout}\n${stderr}`, 'a stack trace was printed').not.toMatch(/^\s+at /m)
})
