import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../test-support/run-cli.ts'
import { packageFile } from '../../../lib/package-root.ts'
import { describeJobs } from './test-selection.ts'

// `dsh test` interrupted by signals, as a real process: test-interrupt.process.test.ts.
const scratch = mkdtempSync(join(tmpdir(), 'dsh-cli-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const run = (argv: string[], env: NodeJS.ProcessEnv = {}, isTTY?: { stdout: boolean; stderr: boolean }) =>
  runCli(argv, { env, isTTY })

/** The record modes write when a fixture is missing or drifted: they run on a copy, never on scenarios/. */
function copyOf(name: string): string {
  const root = mkdtempSync(join(scratch, 'copy-'))
  cpSync(packageFile('scenarios', name), join(root, 'scenarios', name), { recursive: true })
  return root
}

describe('dsh test', () => {
  it('replays a scenario: progress on stderr, the report on stdout, the JSON report in a file', async () => {
    const report = join(scratch, 'report.json')
    const result = await run(['test', 'text-turn', '--report', report])
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(
      /^dsh test: 1 scenario, replay mode, in-process \(default: [^)]+\)\n\[1\/1\] pass {2}text-turn {2}[\d.]+ m?s\n$/,
    )
    expect(result.stdout).toMatch(/^text-turn {2}pass {2}[\d.]+ m?s\n\n1 passed, 0 failed\n$/)
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({
      ok: true,
      mode: 'replay',
      scenarios: [{ scenario: 'text-turn', ok: true, failures: [] }],
    })
  })

  it('prints the report on stdout with --format json', async () => {
    const result = await run(['test', 'text-turn', '--format', 'json'])
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, scenarios: [{ scenario: 'text-turn' }] })
  })

  it('exits 2 for an unknown scenario, naming a near miss', async () => {
    expect(await run(['test', 'text-trun'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dsh: no scenario named text-trun; did you mean text-turn?\nRun dsh test --help for usage.\n',
    })
    expect((await run(['test', 'zzz-*'])).stderr).toContain('pattern zzz-* matches no scenario')
  })

  it('selects by glob and by shard, the shards covering the selection once', async () => {
    const names = async (...argv: string[]) =>
      JSON.parse((await run(['test', ...argv, '--jobs', '1', '--format', 'json'])).stdout).scenarios.map(
        (s: { scenario: string }) => s.scenario,
      ) as string[]
    const reads = (await names('read-*')).sort()
    expect(reads).toEqual(['read-file', 'read-only-list-dir', 'read-only-unknown-tool'])
    const shards = [await names('read-*', '--shard', '1/2'), await names('read-*', '--shard', '2/2')]
    expect(shards.map((s) => s.length)).toEqual([1, 2])
    expect(shards.flat().sort()).toEqual(reads)
    expect((await run(['test', '--shard', '3/2'])).code).toBe(2)
  })

  it('colours pass/FAIL on a terminal or with FORCE_COLOR, never with NO_COLOR', async () => {
    const green = '\u001b[32mpass\u001b[39m'
    const forced = await run(['test', 'new-session-only'], { FORCE_COLOR: '1' })
    expect(forced.stdout).toContain(green)
    expect(forced.stderr).toContain(green)
    const terminal = await run(['test', 'new-session-only'], {}, { stdout: true, stderr: false })
    expect(terminal.stdout).toContain(green)
    expect(terminal.stderr).not.toContain('\u001b[')
    const refused = await run(['test', 'new-session-only'], { NO_COLOR: '1' }, { stdout: true, stderr: true })
    expect(refused.stdout + refused.stderr).not.toContain('\u001b[')
  })

  it("runs the scenarios of --root with dsh's own cordis.yml when the root has none", async () => {
    const root = join(scratch, 'no-config')
    cpSync(packageFile('scenarios', 'new-session-only'), join(root, 'scenarios', 'new-session-only'), {
      recursive: true,
    })
    const result = await run(['test', '--root', root, '--patch', 'small-output'])
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('dsh test: warning:'))
    // Copied from dsh's repository: its ../../schemas/ references name no file here; each says what to write.
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toContain(
      `${join(root, 'scenarios', 'new-session-only', 'snapshot.yml').replace(`${process.cwd()}/`, '')}: its schema ` +
        'reference ../../schemas/snapshot.schema.json names no file',
    )
    expect(warnings[1]).toMatch(/input\.json: .* write (\.\.\/)+.*schemas\/input\.schema\.json \(the schemas dsh/)
    expect(result.stderr).toMatch(/\ndsh test: 1 scenario,/)
    expect(result.stdout).toMatch(/\n1 passed, 0 failed\n$/)
    expect(result.code).toBe(0)
  })

  it('names a missing --config file and an unknown --patch short name (usage errors: exit 2)', async () => {
    const missing = await run(['test', 'text-turn', '--config', 'no-such.yml'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe(
      `dsh: --config no-such.yml: no such file (${join(process.cwd(), 'no-such.yml')}); ` +
        'pass the path of your composition file (a cordis.yml)\nRun dsh test --help for usage.\n',
    )
    const unknown = await run(['test', 'text-turn', '--patch', 'no-such-overlay'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain(
      '--patch no-such-overlay: no bundled overlay is named "no-such-overlay" (bundled: ',
    )
  })

  it('rejects a bad mode, and --stub or --pending where they do not apply, with usage (exit 2)', async () => {
    const bad = await run(['test', '--mode', 'later'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--mode must be one of replay, record, refresh, record-missing, record-drifted')
    expect((await run(['test', '--stub'])).code).toBe(2)
    expect((await run(['test', '--pending'])).stderr).toContain('--pending applies to --mode refresh or record')
    expect((await run(['test', '--mode', 'refresh', '--stub'])).stderr).toContain(
      '--stub only applies to the record modes (record, record-missing, record-drifted, record-stale)',
    )
  })

  it('lists the record modes in --help', async () => {
    const help = await run(['test', '--help'])
    expect(help.code).toBe(0)
    const text = (help.stdout + help.stderr).replace(/\s+/g, ' ')
    expect(text).toContain('[--mode MODE]')
    expect(text).toContain('record-missing (record only the scenarios without fixtures)')
    expect(text).toContain(
      'record-drifted (replay all, then re-record only those failing with replay drift or exhaustion)',
    )
    expect(text).toContain('--stub record (any record mode) against the scripted stub endpoint')
  })

  it('--mode record-missing --stub prints its choice first and records nothing when all fixtures exist', async () => {
    const root = copyOf('text-turn')
    const result = await run(['test', 'text-turn', '--mode', 'record-missing', '--stub', '--root', root])
    expect(result.code).toBe(0)
    expect(result.stderr.replace(/^dsh test: warning: .*\n/gm, '')).toBe(
      'record-missing: 0 to record, 1 complete (left untouched)\n' +
        `dsh test: 0 scenarios, record-missing mode, ${describeJobs({}, 1, 1, false)}\n`,
    )
    expect(result.stdout).toBe('0 passed, 0 failed\n')
  })

  it('--mode record-drifted --stub replays first and re-records nothing while replay is green', async () => {
    const root = copyOf('text-turn')
    const argv = ['test', 'text-turn', '--mode', 'record-drifted', '--stub', '--format', 'json', '--root', root]
    const result = await run(argv)
    expect(result.code).toBe(0)
    const [start, plan, progress, ...rest] = result.stderr.replace(/^dsh test: warning: .*\n/gm, '').split('\n')
    expect([start, plan, rest]).toEqual([
      `dsh test: 1 scenario, record-drifted mode, ${describeJobs({}, 1, 1, false)}`,
      'record-drifted: 0 to re-record, 1 green, 0 failing otherwise (left untouched)',
      [''],
    ])
    expect(progress).toMatch(/^\[1\/1\] pass {2}text-turn {2}\d+ ms$/)
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: true,
      mode: 'record-drifted',
      scenarios: [{ scenario: 'text-turn', ok: true, written: [] }],
    })
  })
})
