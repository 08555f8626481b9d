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
// The project's own ids: its adapter is llm-openai under another id (replay stands in for it, so the
// goldens' auth method and model picker are the recording's), and llm-replay is listed but disabled:
// the snapshot overlay enables it.
const entry = (id: string, extra = '', plugin = id) =>
  `- { id: ${id}, name: ${JSON.stringify(packageFile('plugins', plugin))}${extra} }`
writeFileSync(
  join(project, 'profile.yml'),
  [
    entry('llm'),
    entry('my-model', ', disabled: true, config: { preset: deepseek, models: [deepseek-chat] }', 'llm-openai'),
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
