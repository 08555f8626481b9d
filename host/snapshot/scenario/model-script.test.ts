import { describe, expect, it } from 'vitest'
import { cutAfter, httpError, modelTurn, textReply } from '../../../lib/model-wire/index.ts'
import { ScenarioFileError } from './issues.ts'
import { readModelScript } from '../test-support/scenario-file.ts'

const FILE = 'scenarios/x/model.yml'

describe('parseModelScript', () => {
  it('turns each item into the stub item the builders make', () => {
    const text = [
      '- reply: { text: Hello, deltas: 2 }',
      '- reply: { toolCalls: [ { id: c1, name: bash, arguments: \'{"command":"ls"}\' } ], usage: false }',
      '- reply: { text: cut short, deltas: 4, cutAfter: 3, end: hang }',
      '- reply: { text: reset, cutAfter: 1 }',
      '- httpError: { status: 429, message: slow down, type: rate_limit_error, code: null }',
      '- hang: true',
      '- sse: { events: [ ": keep-alive", { a: 1 } ], end: close }',
      '- error: { status: 500, body: oops }',
    ].join('\n')
    expect(readModelScript(text, FILE)).toEqual([
      textReply('Hello', { deltas: 2 }),
      modelTurn({ toolCalls: [{ id: 'c1', name: 'bash', arguments: '{"command":"ls"}' }], usage: false }),
      cutAfter(textReply('cut short', { deltas: 4 }), 3, 'hang'),
      cutAfter(textReply('reset'), 1),
      httpError(429, 'slow down', { type: 'rate_limit_error', code: null }),
      { kind: 'hang' },
      { kind: 'sse', events: [': keep-alive', { a: 1 }], end: 'close' },
      { kind: 'error', status: 500, body: 'oops' },
    ])
  })

  it('an empty list is a model that is never called', () => {
    expect(readModelScript('[]\n', FILE)).toEqual([])
  })

  it('names the file, the item and the field of every problem', () => {
    const text = [
      '- reply: { txt: hi }',
      '- reply: { text: a }\n  hang: true',
      '- retry: 3',
      '- reply: { deltas: 0 }',
    ].join('\n')
    let error: unknown
    try {
      readModelScript(text, FILE)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ScenarioFileError)
    expect((error as Error).message).toBe(
      [
        `${FILE}: 4 problems`,
        '  - [0].reply.txt: unknown field; did you mean "text"?',
        '  - [1]: an item has exactly one of reply, httpError, hang, sse, error; got reply, hang',
        '  - [2]: an item has exactly one of reply, httpError, hang, sse, error; got retry',
        '  - [3].reply.deltas: must be at least 1, got number 0',
        'See docs/scenario-format.md for the format.',
      ].join('\n'),
    )
  })

  it('refuses a mapping, YAML tags and syntax errors with the file and line', () => {
    expect(() => readModelScript('reply: { text: hi }\n', FILE)).toThrow(
      'a model script is a YAML list of items (reply, httpError, hang, sse, error); [] for none',
    )
    expect(() => readModelScript('- hang: !!bool true\n', FILE)).toThrow('line 1: YAML tag !!bool is not allowed')
    expect(() => readModelScript('- reply: { text: [ }\n', FILE)).toThrow(/line 1: YAML syntax error/)
  })
})
