// issue 28, item 1, in the loop itself: an append that fails ends the turn as a named storage
// failure, closes what the log takes, and the next request answers every tool call.
import { describe, expect, it } from 'vitest'
import type { EventType } from '../session/events.ts'
import { INTERRUPTED_CALL_OUTPUT } from '../session/history.ts'
import { closeUnclosedTurn } from './interrupted.ts'
import { callTool, standIns, text, tool, typesOf } from './test-support/stand-ins.ts'
import { runTurn } from './turn.ts'

const prompt = (value: string) => [{ type: 'text' as const, text: value }]
const interrupted = { role: 'tool', toolCallId: 'call-bash', content: INTERRUPTED_CALL_OUTPUT, isError: true }

/** A disk that is full from the first append of `type` on, until `free()`. */
function fullDisk(type: EventType) {
  let state: 'filling' | 'full' | 'freed' = 'filling'
  return {
    fault: (appended: EventType) => {
      if (state === 'filling' && appended === type) state = 'full'
      return state === 'full'
    },
    free: () => {
      state = 'freed'
    },
  }
}

describe('a failed append', () => {
  it('fails the turn by name, closes it in the log, and the next request carries the tool result', async () => {
    let failures = 1
    const s = standIns({
      steps: [callTool('bash', '{}'), text('after')],
      tools: [tool('bash', 'read')],
      storageFault: (type) => type === 'tool/result' && failures-- > 0,
    })
    await expect(runTurn(s.turn(), prompt('go'))).rejects.toMatchObject({
      name: 'SessionStorageError',
      message: expect.stringMatching(/^session storage failed in turn 1 of session session-1: .*ENOSPC.*closed as/),
    })
    expect(typesOf(s.events).slice(-3)).toEqual(['tool/result', 'step/end', 'turn/end'])
    expect(s.events.at(-3)!.data).toMatchObject({ output: INTERRUPTED_CALL_OUTPUT, isError: true })
    expect(s.runtime.unclosed).toBeUndefined()
    await runTurn(s.turn(), prompt('again'))
    expect(s.requests[1]!.messages.slice(1, 3)).toMatchObject([{ role: 'assistant' }, interrupted])
  })

  it('leaves the ending to the next prompt when the log takes nothing more, and writes it then', async () => {
    const disk = fullDisk('tool/result')
    const s = standIns({
      steps: [callTool('bash', '{}'), text('after')],
      tools: [tool('bash', 'read')],
      storageFault: disk.fault,
    })
    await expect(runTurn(s.turn(), prompt('go'))).rejects.toThrow(/the next prompt writes it first/)
    expect(typesOf(s.events).at(-1)).toBe('tool/start')
    expect(() => closeUnclosedTurn(s.runtime, s.store)).toThrow(/ENOSPC/)
    disk.free()
    closeUnclosedTurn(s.runtime, s.store)
    expect(typesOf(s.events).slice(-3)).toEqual(['tool/result', 'step/end', 'turn/end'])
    expect(s.runtime.unclosed).toBeUndefined()
    await runTurn(s.turn(), prompt('again'))
    expect(s.requests[1]!.messages.slice(1, 3)).toMatchObject([{ role: 'assistant' }, interrupted])
  })

  it('gives the turn number back when not even the prompt was written', async () => {
    const s = standIns({ storageFault: (type) => type === 'user/message' })
    await expect(runTurn(s.turn(), prompt('go'))).rejects.toThrow(/session storage failed in turn 1/)
    expect([s.runtime.turn, s.events]).toEqual([0, []])
  })
})
