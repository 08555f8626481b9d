import { afterAll, describe, expect, it } from 'vitest'
import { createClientTerminals } from './client-terminals.ts'
import { removeScratch, scratchDir } from './test-support/scratch.ts'

describe("the runner's client terminals", () => {
  afterAll(removeScratch)

  it('runs commands in the case cwd for known sessions only, and refuses them when not advertised', async () => {
    const cwd = await scratchDir('terminals')
    const terminals = createClientTerminals({ cwd, advertised: true, knownSession: (id) => id === 's' })
    const { terminalId } = terminals.create({ sessionId: 's', command: 'bash', args: ['-c', 'pwd'] })
    expect(await terminals.waitForExit({ sessionId: 's', terminalId })).toEqual({ exitCode: 0, signal: null })
    expect((await terminals.output({ sessionId: 's', terminalId })).output).toBe(`${cwd}\n`)
    await terminals.release({ sessionId: 's', terminalId })
    await expect(terminals.output({ sessionId: 's', terminalId })).rejects.toMatchObject({ code: -32602 })
    expect(() => terminals.create({ sessionId: 'other', command: 'true' })).toThrow(/unknown session "other"/)
    const off = createClientTerminals({ cwd, advertised: false, knownSession: () => true })
    expect(() => off.create({ sessionId: 's', command: 'true' })).toThrow(/does not advertise terminals/)
    await terminals.releaseAll()
  })
})
