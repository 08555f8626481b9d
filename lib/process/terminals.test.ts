import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LocalTerminals } from './terminals.ts'

let cwd: string
let terminals: LocalTerminals
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'dsh-terminals-'))
  terminals = new LocalTerminals(cwd)
})
afterEach(async () => {
  await terminals.releaseAll()
  rmSync(cwd, { recursive: true, force: true })
})

const bash = (script: string, extra: object = {}) =>
  terminals.create({
    command: 'bash',
    args: ['-c', script],
    env: [{ name: 'PATH', value: process.env.PATH! }],
    ...extra,
  })

describe('LocalTerminals', () => {
  it('numbers terminals, runs in the default cwd without inheriting the environment, merges both streams', async () => {
    process.env.DSH_TERMINAL_PROBE = 'leaked'
    try {
      const { terminalId } = bash('pwd; echo "[$DSH_TERMINAL_PROBE]" >&2; exit 4')
      expect(terminalId).toBe('term-1')
      expect(await terminals.waitForExit(terminalId)).toEqual({ exitCode: 4, signal: null })
      expect(terminals.output(terminalId)).toEqual({
        output: `${cwd}\n[]\n`,
        truncated: false,
        exitStatus: { exitCode: 4, signal: null },
      })
      expect(bash('true').terminalId).toBe('term-2')
    } finally {
      delete process.env.DSH_TERMINAL_PROBE
    }
  })

  it("adds the request's variables to the client's base environment", async () => {
    const base = new LocalTerminals(cwd, { PATH: process.env.PATH!, GREETING: 'base', EXTRA: 'base' })
    const { terminalId } = base.create({
      command: 'bash',
      args: ['-c', 'echo $GREETING $EXTRA'],
      env: [{ name: 'EXTRA', value: 'request' }],
    })
    expect(await base.waitForExit(terminalId)).toEqual({ exitCode: 0, signal: null })
    expect(base.output(terminalId).output).toBe('base request\n')
    await base.releaseAll()
  })

  it('keeps the last outputByteLimit bytes without starting inside a character', async () => {
    const { terminalId } = bash('printf "aaaa\\303\\251\\303\\251"', { outputByteLimit: 3 })
    await terminals.waitForExit(terminalId)
    expect(terminals.output(terminalId)).toMatchObject({ output: 'é', truncated: true })
  })

  it('kill ends the process group but keeps the terminal until release', async () => {
    const { terminalId } = bash('sleep 30 & sleep 30; wait')
    expect(terminals.output(terminalId).exitStatus).toBeUndefined()
    await terminals.kill(terminalId)
    expect(terminals.output(terminalId).exitStatus).toEqual({ exitCode: null, signal: 'SIGKILL' })
    await terminals.release(terminalId)
    expect(terminals.open()).toEqual([])
    expect(() => terminals.output(terminalId)).toThrow(/unknown terminal "term-1"/)
  })
})
