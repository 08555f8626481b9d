// A plugin's own model call (issue 37 item 5): logged under its declared purpose with the messages it
// sent, numbered per turn and purpose, never part of the session's history; a reserved purpose is refused.
import { describe, expect, it } from 'vitest'
import { ownCall } from './own-call.ts'
import { standIns, text } from './test-support/stand-ins.ts'
import { restoreRuntime } from './session-runtime.ts'

describe('ownCall', () => {
  it('logs the call under its purpose with its messages, answers its text, and leaves the history alone', async () => {
    const s = standIns({ steps: [text('A title'), text('Another')] })
    const deps = { llm: s.llm, store: s.store }
    expect(await ownCall(s.runtime, deps, { purpose: 'title', prompt: 'Name this chat' })).toBe('A title')
    expect(await ownCall(s.runtime, deps, { purpose: 'title', prompt: 'Again' })).toBe('Another')
    expect(s.requests.map((r) => [r.turn, r.step, r.attempt, r.purpose])).toEqual([
      [0, 0, 1, 'title'],
      [0, 0, 2, 'title'],
    ])
    expect(s.events[0]).toMatchObject({
      type: 'model/request',
      data: {
        turn: 0,
        step: 0,
        attempt: 1,
        purpose: 'title',
        maxTokens: null,
        system: '',
        messages: [{ role: 'user', content: 'Name this chat' }],
      },
    })
    expect(s.events.filter((e) => e.type === 'assistant/chunk').map((e) => e.data)).toContainEqual({
      turn: 0,
      step: 0,
      attempt: 2,
      purpose: 'title',
      chunk: { type: 'text-delta', text: 'Another' },
    })
    expect(s.runtime.history.messages).toEqual([])
    // Restored from the log, the next call of that purpose takes the next number.
    const restored = restoreRuntime(s.runtime.header, s.events, 'm')
    expect(restored.ownCalls.get('0:title')).toBe(2)
  })

  it('refuses a purpose that is reserved or not a lower-case word, by name', async () => {
    const s = standIns()
    const deps = { llm: s.llm, store: s.store }
    for (const purpose of ['turn', 'compaction', 'Title', ''])
      await expect(ownCall(s.runtime, deps, { purpose, prompt: 'x' })).rejects.toThrow(
        "a plugin's model call needs a purpose of its own: " +
          `a lower-case word that is not "turn" or "compaction", got ${JSON.stringify(purpose)}`,
      )
    expect(s.requests).toEqual([])
  })

  it('rejects with the model error when the call fails', async () => {
    const s = standIns({
      steps: [[{ type: 'finish', reason: 'error', error: { message: 'no', code: 'AUTH', status: 401 } }]],
    })
    await expect(
      ownCall(s.runtime, { llm: s.llm, store: s.store }, { purpose: 'title', prompt: 'x' }),
    ).rejects.toMatchObject({
      code: 'AUTH',
      message: 'the title call of session session-1 failed: no',
    })
  })
})
