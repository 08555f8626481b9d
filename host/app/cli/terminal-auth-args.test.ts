// ACP terminal auth appends a method's args to the agent's command: `dsh … login` is `dsh login …`.
import { describe, expect, it } from 'vitest'
import { runCli } from '../test-support/run-cli.ts'
import { serveHelp } from './command-help.ts'
import { terminalAuthArgv } from './terminal-auth-args.ts'

describe('terminalAuthArgv', () => {
  it('turns serve with its options and a trailing login into dsh login with the same options', () => {
    expect(terminalAuthArgv(['login'], serveHelp)).toEqual(['login'])
    expect(terminalAuthArgv(['--patch', 'echo', 'login'], serveHelp)).toEqual(['login', '--patch', 'echo'])
    expect(terminalAuthArgv(['serve', '-c', 'a.yml', 'login', '--env', 'K'], serveHelp)).toEqual([
      'login',
      '-c',
      'a.yml',
      '--env',
      'K',
    ])
  })

  it('leaves alone a value that is spelled login, other commands, and anything after --', () => {
    expect(terminalAuthArgv(['--config', 'login'], serveHelp)).toEqual(['--config', 'login'])
    expect(terminalAuthArgv(['test', 'login'], serveHelp)).toEqual(['test', 'login'])
    expect(terminalAuthArgv(['serve', '--', 'login'], serveHelp)).toEqual(['serve', '--', 'login'])
  })

  it('runs dsh login from the agent command, which names a keyless composition here', async () => {
    const run = await runCli(['serve', '--patch', 'echo', 'login'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^dsh: no enabled model adapter of .*--patch .*echo\.cordis\.yml needs an API key/)
  })
})
