import path from 'node:path'
import { describe, expect, test } from 'vitest'
import type { CliCommand } from './cli.ts'
import { runCli } from './test-support/run-cli.ts'
import { commands } from './cli/commands.ts'
import { packageRoot } from '../../lib/package-root.ts'

const repo = packageRoot

const run = (argv: string[], env: NodeJS.ProcessEnv = {}, table?: readonly CliCommand[]) => runCli(argv, { env }, table)

/** Drop the two `#` header lines so the body can be compared exactly. */
const body = (yaml: string) =>
  yaml
    .split('\n')
    .filter((line) => !/^# (effective entries|\.\/ names)/.test(line))
    .join('\n')

const LIVE = `- id: llm
  name: ./plugins/llm
- id: llm-deepseek
  name: ./plugins/llm-deepseek
  config:
    models:
      - deepseek-chat
- id: session
  name: ./plugins/session
  config:
    root: null
- id: tools
  name: ./plugins/tools
- id: mcp
  name: ./plugins/mcp
- id: agent
  name: ./plugins/agent
  config:
    model: deepseek-chat
- id: subagents
  name: ./plugins/subagents
- id: acp
  name: ./plugins/acp
`

const REPLAY = `- id: llm
  name: ./plugins/llm
- id: llm-replay
  name: ./plugins/llm-replay
# disabled
- id: llm-deepseek
  name: ./plugins/llm-deepseek
  disabled: true
  config:
    models:
      - deepseek-chat
- id: session
  name: ./plugins/session
  config:
    root: null
- id: tools
  name: ./plugins/tools
- id: mcp
  name: ./plugins/mcp
- id: agent
  name: ./plugins/agent
  config:
    model: deepseek-chat
- id: subagents
  name: ./plugins/subagents
- id: acp
  name: ./plugins/acp
`

describe('dsh config', () => {
  const config = path.join(repo, 'cordis.yml')
  const snapshot = path.join(repo, 'cordis.snapshot.yml')

  test('prints the shipped live composition', async () => {
    const result = await run(['config', '--config', config])
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toMatch(/^# effective entries of .*cordis\.yml\n/)
    expect(body(result.stdout)).toBe(LIVE)
  })

  test('with --patch cordis.snapshot.yml the adapter is marked disabled and llm-replay follows llm', async () => {
    const result = await run(['config', '--config', config, '--patch', snapshot])
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toMatch(/^# effective entries of .*cordis\.yml --patch .*cordis\.snapshot\.yml\n/)
    expect(body(result.stdout)).toBe(REPLAY)
  })

  test('!env values come from the environment', async () => {
    const result = await run(['config', '-c', path.join(repo, 'host', 'app', 'test-support', 'shutdown.yml')], {
      DSH_TEST_READY_FILE: '/r',
      DSH_TEST_DISPOSED_FILE: '/d',
      DSH_TEST_DELAY_MS: '1234',
    })
    expect(result.stdout).toContain("    readyFile: /r\n    disposedFile: /d\n    delayMs: '1234'\n")
  })

  test('a bare --patch name is a bundled overlay; an unknown one lists those that exist', async () => {
    const named = await run(['config', '--config', config, '--patch', 'snapshot'])
    expect(body(named.stdout)).toBe(REPLAY)
    const unknown = await run(['config', '--config', config, '--patch', 'snapshots'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toBe(
      'dsh: --patch snapshots: no bundled overlay is named "snapshots" ' +
        '(bundled: snapshot, record, echo, read-only, replay-on, small-output, snapshot-host, two-steps); ' +
        'for a file of that name write ./snapshots\nRun dsh config --help for usage.\n',
    )
  })

  test("without --config and without ./cordis.yml, dsh's own composition is used", async () => {
    const cwd = process.cwd()
    process.chdir(path.join(repo, 'docs'))
    try {
      const result = await run(['config'])
      expect(result.stdout).toContain(`# effective entries of ${path.join(repo, 'cordis.yml')}\n`)
      expect(body(result.stdout)).toBe(LIVE)
    } finally {
      process.chdir(cwd)
    }
  })

  test('a broken composition exits 1 with the reason on stderr and nothing on stdout', async () => {
    // A file that is not a composition (a missing one is a usage error: exit-codes.test.ts).
    const result = await run(['config', '--config', path.join(repo, 'package.json')])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^dsh: .*package\.json: expected a YAML list of entries/)
  })
})

describe('dsh command line', () => {
  test('--help and help print the usage on stdout', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const result = await run(argv)
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(
        /^Usage:\n {2}dsh \[command\] \[options\] .*\n {2}dsh help \[command\]\n {2}dsh --version\n/,
      )
      expect(result.stderr).toBe('')
    }
  })

  test("help <command> and <command> --help print that command's options", async () => {
    for (const argv of [
      ['help', 'config'],
      ['config', '--help'],
    ]) {
      const result = await run(argv)
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(/^Usage: dsh config \[--config FILE\] \[--patch FILE\]…\n/)
      expect(result.stdout).toContain('-p, --patch FILE')
    }
  })

  test('--version prints the package version on stdout', async () => {
    for (const argv of [['--version'], ['-v']])
      expect(await run(argv)).toEqual({ code: 0, stdout: 'dsh 0.1.0\n', stderr: '' })
  })

  test('an unknown command exits 2 with a near miss and a pointer to the help, not the whole usage', async () => {
    expect(await run(['frobnicate'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dsh: unknown command "frobnicate"\nRun dsh --help for usage.\n',
    })
    expect((await run(['tset'])).stderr).toBe(
      'dsh: unknown command "tset"; did you mean "test"?\nRun dsh --help for usage.\n',
    )
    expect((await run(['help', 'confg'])).stderr).toContain('unknown help topic "confg"; did you mean "config"?')
  })

  test('an unknown flag exits 2 naming the command and a near miss, for explicit and default commands', async () => {
    expect(await run(['config', '--verbose'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dsh: unknown option --verbose for dsh config\nRun dsh config --help for usage.\n',
    })
    expect((await run(['--pach', 'x.yml'])).stderr).toBe(
      'dsh: unknown option --pach for dsh serve; did you mean --patch?\nRun dsh serve --help for usage.\n',
    )
    expect((await run(['test', '--fromat=json'])).stderr).toContain(
      'unknown option --fromat for dsh test; did you mean --format?',
    )
  })

  test('an unexpected positional argument or a missing value exits 2', async () => {
    const result = await run(['config', 'extra'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('dsh: dsh config takes no arguments, got extra\nRun dsh config --help for usage.\n')
    expect((await run(['test', '--mode'])).stderr).toMatch(/^dsh: option '--mode <value>' argument missing\n/)
  })

  test('help columns line up however long the flags are', async () => {
    const help = (await run(['conformance', '--help'])).stdout
    const flagLines = help.split('\n').filter((line) => /^ {2}(-\w, | {4})--/.test(line))
    // Where each description starts: right after the flag and its padding.
    const columns = flagLines.map((line) => /^.*?\S {2,}(?=\S)/.exec(line)![0].length)
    expect(new Set(columns).size).toBe(1)
    expect(flagLines.length).toBeGreaterThan(5)
    expect(help.split('\n').every((line) => line.length <= 100)).toBe(true)
  })

  test('a command added to the table is parsed and listed without touching the parser', async () => {
    const hello: CliCommand = {
      name: 'hello',
      summary: 'say hello',
      options: { name: { type: 'string', valueName: 'WHO', description: 'who to greet' } },
      positionals: '[extra…]',
      async run({ values, positionals }, io) {
        io.stdout(`hello ${String(values.name)} ${positionals.join(',')}\n`)
        return 3
      },
    }
    const table = [...commands, hello]
    expect(await run(['hello', '--name', 'ada', 'x', 'y'], {}, table)).toEqual({
      code: 3,
      stdout: 'hello ada x,y\n',
      stderr: '',
    })
    expect((await run(['help'], {}, table)).stdout).toMatch(/^ {2}hello +say hello$/m)
    expect((await run(['help', 'hello'], {}, table)).stdout).toContain('Usage: dsh hello [--name WHO] [extra…]')
    expect((await run(['helo'], {}, table)).stderr).toContain('did you mean "hello"?')
  })
})
