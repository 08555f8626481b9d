import { describe, expect, it } from 'vitest'
import { liveDifference } from './propose-rule.ts'

const log = (output: string) => JSON.stringify({ type: 'tool/result', data: { callId: 'c1', output } })
const runOf = (lines: string[]) => ({ transcript: [], sessionLogs: [lines.join('\n')] })

describe('liveDifference', () => {
  it('is undefined when two live runs agree', () => {
    expect(liveDifference(runOf(['a', log('x')]), runOf(['a', log('x')]))).toBeUndefined()
  })

  it('names the path inside a JSON tool result, with a token after its key', () => {
    const found = liveDifference(
      runOf(['a', log('{"items":[{"id":"r-17"}]}')]),
      runOf(['a', log('{"items":[{"id":"r-18"}]}')]),
    )
    expect(found).toEqual({
      where: 'session log 1 line 2',
      spans: ['r-17', 'r-18'],
      rule: 'normalize:\n  - { path: "$.items[*].id", token: "{{id}}" }   # path $.items[*].id → {{id}}',
    })
  })

  it('proposes a pattern of the span in text, whole words, checked to make the runs agree', () => {
    const found = liveDifference(
      { transcript: ['{"text":"wrote /tmp/tmp.AbC12x/out"}'], sessionLogs: [] },
      { transcript: ['{"text":"wrote /tmp/tmp.QrS9zz/out"}'], sessionLogs: [] },
    )
    expect(found).toEqual({
      where: 'transcript line 1',
      spans: ['tmp.AbC12x', 'tmp.QrS9zz'],
      // Only the part that differs is widened: "tmp." stays literal.
      rule:
        'normalize:\n  - { pattern: "tmp\\\\.[A-Za-z0-9]+", token: "{{value}}" }' +
        '   # pattern /tmp\\.[A-Za-z0-9]+/ → {{value}}',
    })
  })
})
