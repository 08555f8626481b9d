// The test of "one failure, one screen" is the output itself: broken copies of real scenarios run
// through `dsh test` in a temp folder, and each failure's text is compared with its golden here
// (`npx vitest run host/app/cli/failure-output -u` rewrites them after an intended change).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../../lib/package-root.ts'
import { discoverScenarios } from '../../../snapshot/scenario/discover.ts'
import { judgeScenario } from '../../../snapshot/vitest/judge-scenario.ts'
import { runCli } from '../../test-support/run-cli.ts'

const root = mkdtempSync(join(tmpdir(), 'dsh-failure-output-'))
const scenarios = join(root, 'scenarios')

/** Copy a scenario of this repository under another name, then break it. */
function broken(source: string, name: string, breakIt: (dir: string) => void): void {
  const dir = join(scenarios, name)
  cpSync(packageFile('scenarios', source), dir, { recursive: true })
  const manifest = join(dir, 'snapshot.yml')
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(`scenario: ${source}`, `scenario: ${name}`))
  breakIt(dir)
}

const edit = (file: string, change: (text: string) => string) => writeFileSync(file, change(readFileSync(file, 'utf8')))

let stdout = ''
beforeAll(async () => {
  // text-turn is the default header class's pin; the copies join its class.
  cpSync(packageFile('scenarios', 'text-turn'), join(scenarios, 'text-turn'), { recursive: true })
  // The tool's output changes by one line: the model's history no longer matches the recording.
  broken('read-file', 'drift', (dir) => edit(join(dir, 'workspace/src/math.js'), (text) => `${text}// changed\n`))
  // The agent behaves differently from the golden: the recorded stop reason no longer matches.
  broken('read-file', 'golden-mismatch', (dir) =>
    edit(join(dir, 'stdout.golden.jsonl'), (text) => text.replace('"end_turn"', '"max_tokens"')),
  )
  broken('read-file', 'missing-fixture', (dir) => rmSync(join(dir, 'session.jsonl')))
  // The log ends after the first model call: the agent's second call finds the script used up.
  broken('read-file', 'exhausted-script', (dir) =>
    edit(join(dir, 'session.jsonl'), (text) => `${text.split('\n').slice(0, 22).join('\n')}\n`),
  )
  broken('write-file', 'workspace-mismatch', (dir) =>
    edit(join(dir, 'workspace.expected/docs/README.md'), (text) => `${text}one more line\n`),
  )
  const names = ['drift', 'golden-mismatch', 'missing-fixture', 'exhausted-script', 'workspace-mismatch']
  const result = await runCli(['test', '--root', root, ...names], { env: { NO_COLOR: '1' } })
  expect(result.code).toBe(1)
  stdout = result.stdout
}, 60_000)
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** One scenario's block of the report: from its FAIL line to the next blank line before a FAIL or the count. */
function failureOf(name: string): string {
  const start = stdout.indexOf(`FAIL ${name}\n`)
  expect(start, `no FAIL ${name} in:\n${stdout}`).toBeGreaterThanOrEqual(0)
  const rest = stdout.slice(start)
  const end = rest.search(/\n\n(FAIL |\d+ passed)/)
  return `${rest.slice(0, end)}\n`
}

describe('dsh test prints each failure on one screen', () => {
  it.each(['drift', 'golden-mismatch', 'missing-fixture', 'exhausted-script', 'workspace-mismatch'])(
    '%s',
    async (name) => {
      const text = failureOf(name)
      await expect(text).toMatchFileSnapshot(`./${name}.txt`)
      const lines = text.split('\n')
      // One cause line, one command, then the diff; no live UUID, no temp path, no mid-token cut.
      expect(lines.filter((line) => line.startsWith('    cause: '))).toHaveLength(1)
      expect(lines.filter((line) => line.startsWith('    next:  '))).toHaveLength(1)
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)
      expect(text).not.toContain(root)
      expect(text).not.toMatch(/\[…\d+ chars\][^{"\s[]/)
      // Every scenario here is recorded against the stub: no live re-record is ever suggested.
      expect(text).not.toMatch(/--mode record(?! --stub)/)
    },
  )

  it('reports drift once and names the surfaces that differ because of it', () => {
    const text = failureOf('drift')
    expect(text.match(/message 2 differs/g)).toHaveLength(1)
    // Replayed twice, the same both times: a real change; the fix first, then the re-record if intended.
    expect(text).toContain('cause: scenario drift: regression-or-intended: replay drift')
    expect(text).toContain(
      'next:  fix the tool or the agent if this change is a regression\n' +
        '           (two replays agree, so the change is real; ' +
        'if it is intended: npx dsh test drift --mode record --stub)',
    )
    expect(text).toContain('scenarios/drift/stdout.golden.jsonl differs from this run (follows from the above)')
    expect(text).toContain('scenarios/drift/session.jsonl differs from this run (follows from the above)')
  })

  it('vitest (dsh/vitest, scenario files) says the same cause and command', async () => {
    const { scenarios: corpus } = await discoverScenarios(root, { goldensOptional: true })
    const drift = corpus.find((scenario) => scenario.name === 'drift')!
    const error = await judgeScenario(drift, { root, corpus }).then(
      () => undefined,
      (thrown: Error) => thrown,
    )
    expect(error?.message).toMatch(/^cause: scenario drift: regression-or-intended: replay drift at steps\[2\] /)
    expect(error?.message).toContain('\nnext:  fix the tool or the agent if this change is a regression\n')
    expect(error?.message).toContain('if it is intended: npx dsh test drift --mode record --stub)\n')
    expect(error?.message.match(/message 2 differs/g)).toHaveLength(1)
    expect(error?.message).not.toContain(root)
  })
})
