// The dsh/vitest path sharded the vitest way (docs/ci.md): a scratch project of four scenario
// files run by the real vitest CLI as --shard 1/2 and 2/2, each writing a blob, then one
// `vitest run --merge-reports` that reports all four, as a CI merge job does.
import { execFile } from 'node:child_process'
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { builtVitestConfig } from '../test-support/built-vitest.ts'
import { scratchProject } from '../test-support/scratch-project.ts'

const NAMES = ['text-turn', 'reasoning-turn', 'read-file', 'list-dir']
const project = scratchProject('vitest-shards')
afterAll(() => project.remove())
for (const name of NAMES)
  cpSync(packageFile('scenarios', name), join(project.root, 'scenarios', name), { recursive: true })
writeFileSync(
  join(project.root, 'vitest.config.mjs'),
  builtVitestConfig({ include: ['scenarios/*/snapshot.yml'], isolate: false }),
)

interface JsonReport {
  numPassedTests: number
  numFailedTests: number
  testResults: Array<{ assertionResults: Array<{ title: string; status: string }> }>
}

async function vitest(...args: string[]): Promise<void> {
  await promisify(execFile)(process.execPath, [packageFile('node_modules', 'vitest', 'vitest.mjs'), 'run', ...args], {
    cwd: project.root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: 'true' },
  })
}

const passed = (file: string) => {
  const report = JSON.parse(readFileSync(join(project.root, file), 'utf8')) as JsonReport
  return report.testResults.flatMap((r) => r.assertionResults.filter((t) => t.status === 'passed').map((t) => t.title))
}

describe('dsh/vitest under vitest --shard and --merge-reports', () => {
  it('runs each scenario file in exactly one of two shards, and the merged report has them all', async () => {
    for (const index of [1, 2])
      await vitest(
        `--shard=${index}/2`,
        '--reporter=blob',
        `--outputFile.blob=.vitest-reports/blob-${index}-2.json`,
        '--reporter=json',
        `--outputFile.json=shard-${index}.json`,
      )
    const shards = [passed('shard-1.json'), passed('shard-2.json')]
    expect(shards.map((names) => names.length)).toEqual([2, 2])
    expect(shards.flat().sort()).toEqual([...NAMES].sort())
    expect(readdirSync(join(project.root, '.vitest-reports')).sort()).toEqual(['blob-1-2.json', 'blob-2-2.json'])
    await vitest('--merge-reports', '--reporter=json', '--outputFile=merged.json')
    expect(passed('merged.json').sort()).toEqual([...NAMES].sort())
  }, 180_000)
})
