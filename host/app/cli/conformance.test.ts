// `dsh conformance` command-line handling, in process: bad flags are usage errors (exit 2),
// invalid data stops the run before any agent is launched (exit 1).
import { existsSync } from 'node:fs'
import { truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../cli.ts'
import { writeSuite } from '../../conformance/test-support/suite-dir.ts'
import { removeScratch, scratchDir } from '../../conformance/test-support/scratch.ts'

/** The most bytes of files the runner keeps a copy of (64 MiB). */
const SNAPSHOT_BYTES = 64 * 1024 * 1024

async function dsh(...argv: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, {
    stdout: (t) => {
      stdout += t
    },
    stderr: (t) => {
      stderr += t
    },
    env: process.env,
  })
  return { code, stdout, stderr }
}

describe('dsh conformance command line', () => {
  afterAll(removeScratch)

  it('is listed in dsh --help', async () => {
    expect((await dsh('--help')).stdout).toMatch(
      /^ {2}conformance +check any ACP agent command against the conformance cases/m,
    )
  })

  it.each([
    [['--bogus'], /unknown option --bogus for dsh conformance/],
    [['--agent-comand', 'x'], /unknown option --agent-comand for dsh conformance; did you mean --agent-command\?/],
    [[], /--agent-command is required/],
    [['--agent-command', 'dsh | tee log'], /unquoted "\|" at character 5 needs a shell/],
    [['--agent-command', 'x', '--profile', 'cor'], /unknown profile "cor"; did you mean "core"\?/],
    [
      ['--agent-command', 'x', '--case', 'cancel-idel'],
      /--case "cancel-idel": no such case; did you mean "cancel-idle"\?/,
    ],
    [['--agent-command', 'x', '--format', 'yaml'], /--format yaml: use text or json/],
    [['--agent-command', 'x', '--permission-mode', 'ask'], /--permission-mode ask: use approve-all or deny-all/],
    [['--agent-command', 'x', '--jobs', '0'], /--jobs 0: use a whole number from 1 to 32/],
    [
      ['--agent-command', 'x', '--jobs', '2', '--cwd', '.'],
      /--jobs 2 with --cwd: cases running at once would share one folder/,
    ],
    [['--agent-command', 'x', '--cwd', '/no/such/folder'], /--cwd \/no\/such\/folder: not an existing folder/],
    [['--agent-command', 'x', '--authenticate', ''], /--authenticate needs a method id, one the agent advertises/],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const { code, stderr, stdout } = await dsh('conformance', ...args)
    expect(stderr).toMatch(message)
    expect(stderr).toMatch(/\nRun dsh conformance --help for usage\.\n$/)
    expect(stdout).toBe('')
    expect(code).toBe(2)
  })

  it('refuses a --cwd too large to restore after each case (exit 2), before launching anything', async () => {
    const cwd = await scratchDir('huge-cwd')
    // Sparse: the size counts, no disk is used, and the runner refuses before reading it.
    await writeFile(join(cwd, 'huge.bin'), '')
    await truncate(join(cwd, 'huge.bin'), SNAPSHOT_BYTES + 1)
    const { code, stderr } = await dsh('conformance', '--agent-command', 'x', '--cwd', cwd)
    expect(stderr).toMatch(
      `--cwd ${cwd}: cannot keep a copy of ${cwd} to restore after the case (it holds more than ` +
        `${SNAPSHOT_BYTES} bytes)`,
    )
    expect(code).toBe(2)
  })

  it('--authenticate reaches every case: an agent that needs auth passes with it', async () => {
    const agent = 'FOREIGN_TOKEN=t0k node host/conformance/test-support/foreign-agent.mjs --auth'
    const run = (...more: string[]) =>
      dsh('conformance', '--agent-command', agent, '--case', 'session-new', '--format', 'json', ...more)
    const without = JSON.parse((await run()).stdout) as { stoppedEarly?: string }
    expect(without.stoppedEarly).toMatch(/^the agent needs authentication: in case session-new, /)
    const { code, stdout } = await run('--authenticate', 'token')
    const report = JSON.parse(stdout) as { authenticate?: string; results: { status: string }[] }
    expect(report.authenticate).toBe('token')
    expect(report.results.map((r) => r.status)).toEqual(['pass'])
    expect(code).toBe(0)
  })

  it('refuses invalid data with file and path before launching anything (exit 1)', async () => {
    const suiteDir = await writeSuite({
      cases: {
        '001-typo.json': {
          title: 't',
          spec: ['R1'],
          steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1', cwd: '/x' }],
          checks: [{ check: 'protocolVersion' }],
        },
      },
    })
    const marker = join(await scratchDir('marker'), 'launched')
    const { code, stderr } = await dsh(
      'conformance',
      '--suite',
      suiteDir,
      '--profile',
      'test',
      '--agent-command',
      `touch ${marker}`,
    )
    expect(stderr).toMatch(
      new RegExp(
        '^dsh conformance: the conformance data is invalid; nothing was ' +
          String.raw`launched\.\n.*cases\/001-typo\.json: steps\[1\]\.cwd: "cwd" of newSession is ` +
          String.raw`now "params": \{ "cwd": …, "mcpServers": \[\] \}; did you mean that\?\n`,
      ),
    )
    expect(code).toBe(1)
    expect(existsSync(marker)).toBe(false)
  })
})
