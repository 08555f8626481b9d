// defineSnapshotSuite used as a project of its own would: the scenarios in a folder elsewhere
// (root relative to this file), the project's own profile that already lists llm-replay (the
// snapshot overlay keeps that entry instead of inserting a second), and 'all' discovering the folders.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { defineSnapshotSuite } from './define-snapshot-suite.ts'

const here = dirname(fileURLToPath(import.meta.url))
const project = mkdtempSync(join(tmpdir(), 'dsh-vitest-suite-'))
// biome-ignore lint/correctness/noEmptyPattern: vitest requires a destructured 1st argument; the file is the 2nd
afterAll(({}, file) => {
  rmSync(project, { recursive: true, force: true })
  // 'all' found both folders: one passing test each, named by the scenario alone, after the folder check.
  expect(file.tasks.map((test) => [test.name, test.result?.state])).toEqual([
    ['declares exactly the scenario folders that exist', 'pass'],
    ['text-turn', 'pass'],
    ['new-session-only', 'pass'],
  ])
})
for (const name of ['text-turn', 'new-session-only'])
  cpSync(packageFile('scenarios', name), join(project, 'scenarios', name), { recursive: true })
// No llm-deepseek, and llm-replay listed but disabled: the snapshot overlay enables it.
const entry = (id: string, extra = '') => `- { id: ${id}, name: ${JSON.stringify(packageFile('plugins', id))}${extra} }`
writeFileSync(
  join(project, 'profile.yml'),
  [
    entry('llm'),
    entry('llm-replay', ', disabled: true'),
    entry('session'),
    entry('tools'),
    entry('mcp'),
    entry('agent', ', config: { model: deepseek-chat }'),
    entry('subagents'),
    entry('acp'),
    '',
  ].join('\n'),
)

await defineSnapshotSuite({
  url: import.meta.url,
  root: relative(here, project),
  config: relative(here, join(project, 'profile.yml')),
  scenarios: 'all',
})
