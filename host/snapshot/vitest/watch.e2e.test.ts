// Watch mode as a developer uses it: `vitest watch` on a scratch project with the scenarioFiles
// plugin re-runs exactly the scenarios a change affects — an overlay re-runs the scenarios that
// compose it, a file in a scenario's folder re-runs that scenario — and no others; a
// defineSnapshotSuite table (dsh/vitest) re-runs when a file of one of its scenarios changes.
import { spawn } from 'node:child_process'
import { appendFileSync, cpSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import { builtVitestConfig, builtVitestEntry } from '../test-support/built-vitest.ts'

const project = scratchProject('watch')
const names = ['text-turn', 'read-only-list-dir', 'read-only-unknown-tool']
for (const name of names)
  cpSync(packageFile('scenarios', name), join(project.root, 'scenarios', name), { recursive: true })
writeFileSync(
  join(project.root, 'vitest.config.mjs'),
  builtVitestConfig({ include: ['scenarios/*/snapshot.yml', 'table.test.mjs'], isolate: false }),
)
writeFileSync(
  join(project.root, 'table.test.mjs'),
  `import { defineSnapshotSuite } from ${builtVitestEntry}
await defineSnapshotSuite({ url: import.meta.url, scenarios: ['text-turn'] })
`,
)
// The table lists one scenario; the other folders are declared by a table beside it that never runs.
writeFileSync(
  join(project.root, 'others.snapshot.test.mjs'),
  "export const names = ['read-only-list-dir', 'read-only-unknown-tool']\n",
)
const child = spawn(
  process.execPath,
  [packageFile('node_modules', 'vitest', 'vitest.mjs'), 'watch', '--reporter=verbose'],
  {
    cwd: project.root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  },
)
let output = ''
child.stdout.on('data', (chunk) => {
  output += chunk
})
child.stderr.on('data', (chunk) => {
  output += chunk
})
afterAll(() => {
  child.kill()
  project.remove()
})

/** The output from `from` on, once vitest waits for changes again (event-driven; the test timeout bounds it). */
async function nextRun(from: number): Promise<string> {
  while (!/Waiting for file changes/.test(output.slice(from))) await new Promise((resolve) => setTimeout(resolve, 50))
  return output.slice(from)
}
const ran = (text: string) => names.filter((name) => text.includes(`scenarios/${name}/snapshot.yml`)).sort()
const tableRan = (text: string) => text.includes('table.test.mjs')

describe('watch mode', () => {
  it('runs every scenario first', async () => {
    expect(ran(await nextRun(0))).toEqual([...names].sort())
  }, 60_000)

  it('re-runs the scenarios that compose a changed overlay, and only those', async () => {
    const from = output.length
    appendFileSync(join(project.root, 'overlays', 'read-only.cordis.yml'), '# touched by the watch test\n')
    const text = await nextRun(from)
    expect(ran(text)).toEqual(['read-only-list-dir', 'read-only-unknown-tool'])
    expect(tableRan(text)).toBe(false)
  }, 60_000)

  it('re-runs a scenario when a file in its folder changes', async () => {
    const from = output.length
    appendFileSync(join(project.root, 'scenarios', 'text-turn', 'model.yml'), '# touched by the watch test\n')
    const text = await nextRun(from)
    expect(ran(text)).toEqual(['text-turn'])
    expect(tableRan(text)).toBe(true)
  }, 60_000)
})
