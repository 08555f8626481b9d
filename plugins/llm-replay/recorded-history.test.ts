import { describe, expect, it } from 'vitest'
import { buildMessages } from '../session/test-support/build-messages.ts'
import { canonical } from './message-form.ts'
import { RecordedHistory } from './recorded-history.ts'
import { buildEvents, stop, text } from './test-support/builders.ts'

const events = buildEvents([
  { prompt: 'in /rec/a', steps: [{ chunks: [text('one'), stop] }] },
  { prompt: 'again', steps: [{ chunks: [text('two'), stop] }] },
  { prompt: 'last', steps: [{ chunks: [text('three'), stop] }] },
])

describe('RecordedHistory', () => {
  it('gives the history of each model call, folding forward, with each message in compared form', () => {
    const history = new RecordedHistory(events, (value) => value.replaceAll('/rec', '{{cwd}}'))
    for (const turn of [1, 2, 3]) {
      const at = history.at({ turn, step: 1 })!
      expect(at.messages).toEqual(buildMessages(events, { turn, step: 1 }))
      expect(at.forms).toEqual(at.messages.map((message) => canonical(message).replaceAll('/rec', '{{cwd}}')))
    }
  })

  it('folds again from the start when asked for an earlier call (an override pointing back)', () => {
    const history = new RecordedHistory(events, undefined)
    expect(history.at({ turn: 3, step: 1 })!.messages).toHaveLength(5)
    expect(history.at({ turn: 2, step: 1 })!.messages).toEqual(buildMessages(events, { turn: 2, step: 1 }))
    expect(history.at({ turn: 2, step: 1 })!.forms).toHaveLength(3)
  })

  it('has no history for a call the log never started', () => {
    expect(new RecordedHistory(events, undefined).at({ turn: 4, step: 1 })).toBeUndefined()
  })
})
