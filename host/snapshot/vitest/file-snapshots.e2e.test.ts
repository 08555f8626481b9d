// The vitest front end as a user meets it: a scratch project whose vitest config uses the
// scenarioFiles plugin, run by the real vitest CLI. First in CI mode with a changed golden, a
// missing golden and an obsolete sidecar (all three fail, vitest's summary counts them); then
// with -u, which updates, writes and removes exactly those files and never a session log.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import { builtVitestConfig, builtVitestEntry } from '../test-support/built-vitest.ts'

const project = scratchProject('file-snapshots')
afterAll(() => project.remove())
const scenarios = join(project.root, 'scenarios')
for (const name of ['text-turn', 'reasoning-turn', 'new-session-only'])
  cpSync(packageFile('scenarios', name), join(scenarios, name), { recursive: true })
writeFileSync(
  join(project.root, 'vitest.config.mjs'),
  builtVitestConfig({ include: ['scenarios/*/snapshot.yml', 'scenarios/*.test.mjs'], isolate: false }),
)
writeFileSync(
  join(scenarios, 'corpus.test.mjs'),
  `import { defineCorpusChecks } from ${builtVitestEntry}
await defineCorpusChecks({ url: import.meta.url })
`,
)
// A removed scenario's golden, left behind: obsolete, and -u removes it (with its emptied folder).
project.scenario('gone', { manifest: '', input: {} })
for (const file of ['snapshot.yml', 'input.json']) rmSync(join(scenarios, 'gone', file))
writeFileSync(join(scenarios, 'gone', 'stdout.golden.jsonl'), '{}\n')
const golden = (name: string) => join(scenarios, name, 'stdout.golden.jsonl')
const original = readFileSync(golden('text-turn'), 'utf8')
writeFileSync(golden('text-turn'), original.replace('Hello', 'Howdy'))
const created = readFileSync(golden('new-session-only'), 'utf8')
rmSync(golden('new-session-only'))
cpSync(
  packageFile('scenarios', 'text-turn', 'tool-schemas.expected.json'),
  join(scenarios, 'reasoning-turn', 'tool-schemas.expected.json'),
)
const logs = ['text-turn', 'reasoning-turn', 'new-session-only'].map((n) =>
  readFileSync(join(scenarios, n, 'session.jsonl'), 'utf8'),
)

interface JsonReport {
  numFailedTests: number
  numPassedTests: number
  snapshot: {
    added: number
    updated: number
    unmatched: number
    unchecked: number
    uncheckedKeysByFile: Array<{ keys: string[] }>
  }
  testResults: Array<{
    name: string
    assertionResults: Array<{ title: string; status: string; failureMessages: string[] }>
  }>
}

async function vitest(...args: string[]): Promise<JsonReport> {
  const output = join(project.root, `report-${args.length}.json`)
  await promisify(execFile)(
    process.execPath,
    [packageFile('node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=json', `--outputFile=${output}`, ...args],
    // CI mode: a missing golden fails instead of being written (vitest's rule for new snapshots).
    { cwd: project.root, env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: 'true' } },
  ).catch((error: { code?: number }) => {
    if (error.code !== 1) throw error // 1: some test failed, which the first run expects
  })
  return JSON.parse(readFileSync(output, 'utf8')) as JsonReport
}

describe('vitest file snapshots for scenarios', () => {
  it('fails a changed golden with vitest diff, a missing one in CI, and counts an obsolete sidecar', async () => {
    const report = await vitest()
    const results = Object.fromEntries(
      report.testResults.flatMap((file) => file.assertionResults.map((test) => [test.title, test])),
    )
    // Tests are named by the scenario alone.
    expect(Object.keys(results).sort()).toEqual(['new-session-only', 'reasoning-turn', 'scenario folders', 'text-turn'])
    expect(results['scenario folders']?.failureMessages.join('\n')).toContain('scenarios/gone/stdout.golden.jsonl')
    expect(results['text-turn']?.status).toBe('failed')
    expect(results['text-turn']?.failureMessages.join('\n')).toContain('scenarios/text-turn/stdout.golden.jsonl')
    expect(results['new-session-only']?.status).toBe('failed')
    expect(results['reasoning-turn']?.failureMessages.join('\n')).toContain(
      'scenarios/reasoning-turn/tool-schemas.expected.json is an obsolete fixture file no scenario uses',
    )
    expect(report.snapshot.unmatched).toBe(2)
    expect(report.snapshot.unchecked).toBe(2)
    expect(report.snapshot.uncheckedKeysByFile.flatMap((f) => f.keys).sort()).toEqual([
      'scenarios/gone/stdout.golden.jsonl',
      'scenarios/reasoning-turn/tool-schemas.expected.json',
    ])
  }, 60_000)

  it('-u updates the changed golden, writes the missing one, removes obsolete files, keeps the logs', async () => {
    const report = await vitest('-u')
    expect(report.numFailedTests).toBe(0)
    expect(report.snapshot).toMatchObject({ updated: 1, added: 1, unchecked: 2 })
    expect(existsSync(join(scenarios, 'gone'))).toBe(false)
    expect(readFileSync(golden('text-turn'), 'utf8')).toBe(original)
    expect(readFileSync(golden('new-session-only'), 'utf8')).toBe(created)
    expect(existsSync(join(scenarios, 'reasoning-turn', 'tool-schemas.expected.json'))).toBe(false)
    expect(existsSync(join(scenarios, 'text-turn', 'tool-schemas.expected.json'))).toBe(true)
    expect(
      ['text-turn', 'reasoning-turn', 'new-session-only'].map((n) =>
        readFileSync(join(scenarios, n, 'session.jsonl'), 'utf8'),
      ),
    ).toEqual(logs)
  }, 60_000)
})
