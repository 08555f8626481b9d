// Watch mode as a developer uses it: `vitest watch` on a scratch project with the scenarioFiles
// plugin re-runs exactly the scenarios a change affects — an overlay re-runs the scenarios that
// compose it, a file in a scenario's folder re-runs that scenario — and no others.
import { spawn } from 'node:child_process'
import { appendFileSync, cpSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import { builtVitestConfig } from '../test-support/built-vitest.ts'

const project = scratchProject('watch')
const names = ['text-turn', 'read-only-list-dir', 'read-only-unknown-tool']
for (const name of names)
  cpSync(packageFile('scenarios', name), join(project.root, 'scenarios', name), { recursive: true })
writeFileSync(
  join(project.root, 'vitest.config.mjs'),
  builtVitestConfig({ include: ['scenarios/*/snapshot.yml'], isolate: false }),
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

describe('watch mode', () => {
  it('runs every scenario first', async () => {
    expect(ran(await nextRun(0))).toEqual([...names].sort())
  }, 60_000)

  it('re-runs the scenarios that compose a changed overlay, and only those', async () => {
    const from = output.length
    appendFileSync(join(project.root, 'overlays', 'read-only.cordis.yml'), '# touched by the watch test\n')
    expect(ran(await nextRun(from))).toEqual(['read-only-list-dir', 'read-only-unknown-tool'])
  }, 60_000)

  it('re-runs a scenario when a file in its folder changes', async () => {
    const from = output.length
    appendFileSync(join(project.root, 'scenarios', 'text-turn', 'model.yml'), '# touched by the watch test\n')
    expect(ran(await nextRun(from))).toEqual(['text-turn'])
  }, 60_000)
})
