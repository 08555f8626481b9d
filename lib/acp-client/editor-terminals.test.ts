import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createEditorTerminals } from './editor-terminals.ts'

const made: string[] = []
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))))

describe("the editor's terminals", () => {
  it('runs commands in the cwd for known sessions only, and refuses them when not advertised', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'dsh-editor-terminals-'))
    made.push(cwd)
    const refused: string[] = []
    const terminals = createEditorTerminals({
      cwd,
      advertised: true,
      knownSession: (id) => id === 's',
      refused: (message) => refused.push(message),
    })
    const { terminalId } = terminals.create({ sessionId: 's', command: 'bash', args: ['-c', 'pwd'] })
    expect(terminals.open()).toEqual([terminalId])
    expect(await terminals.waitForExit({ sessionId: 's', terminalId })).toEqual({ exitCode: 0, signal: null })
    expect((await terminals.output({ sessionId: 's', terminalId })).output).toBe(`${cwd}\n`)
    await terminals.release({ sessionId: 's', terminalId })
    expect(terminals.open()).toEqual([])
    await expect(terminals.output({ sessionId: 's', terminalId })).rejects.toMatchObject({ code: -32602 })
    expect(() => terminals.create({ sessionId: 'other', command: 'true' })).toThrow(/unknown session "other"/)
    const off = createEditorTerminals({ cwd, advertised: false, knownSession: () => true })
    expect(() => off.create({ sessionId: 's', command: 'true' })).toThrow(/does not advertise terminals/)
    expect(refused).toEqual([
      expect.stringMatching(/^Invalid params: terminal\/output: /),
      expect.stringMatching(/^Invalid params: terminal\/create: unknown session "other"/),
    ])
    await terminals.releaseAll()
  })
})
