import { describe, expect, it } from 'vitest'
import { ScenarioFileError } from './issues.ts'
import { readInput } from '../test-support/scenario-file.ts'

const FILE = 'scenarios/cancel-turn/input.json'

function parse(value: unknown) {
  return readInput(JSON.stringify(value), FILE)
}

function errorOf(value: unknown): string {
  try {
    typeof value === 'string' ? readInput(value, FILE) : parse(value)
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioFileError)
    expect((error as Error).message).toContain(FILE)
    return (error as Error).message
  }
  throw new Error('expected the input to be rejected')
}

const init = { op: 'initialize' }
const s1 = { op: 'newSession', as: 's1' }

describe('parseInput', () => {
  it('accepts a script with every kind of step', () => {
    const input = parse({
      steps: [
        init,
        s1,
        { op: 'prompt', session: 's1', text: 'list the files' },
        { op: 'prompt', session: 's1', content: [{ type: 'text', text: '…' }], as: 'p2', background: true },
        { op: 'waitFor', event: 'turn/start', session: 's1' },
        { op: 'cancel', session: 's1' },
        { op: 'await', prompt: 'p2' },
        { op: 'prompt', sessionId: 'bogus', text: 'x', expectError: { code: -32602 } },
      ],
      permissions: ['allow_once', 'reject_once'],
    })
    expect(input.steps).toHaveLength(8)
    expect(input.permissions).toEqual(['allow_once', 'reject_once'])
  })

  it('defaults permissions to an empty queue and accepts the remaining ops', () => {
    const input = parse({
      steps: [
        init,
        {
          op: 'newSession',
          as: 'bad',
          params: { cwd: 'relative/dir', mcpServers: [] },
          expectError: { code: -32602, message: 'cwd must be absolute' },
        },
        s1,
        { op: 'loadSession', session: 's1', as: 'again' },
        { op: 'prompt', session: 'again', text: 'hi' },
        { op: 'waitFor', event: 'turn/end', session: 's1', turn: 1 },
        { op: 'waitFor', event: 'permission/request', session: 's1', count: 2 },
      ],
    })
    expect(input.permissions).toEqual([])
  })

  it('reports invalid JSON with its line', () => {
    expect(errorOf('{\n  "steps": [\n    { "op": "initialize" },\n  ]\n}')).toMatch(/not valid JSON/)
    expect(errorOf('{\n  "steps": [] "permissions": []\n}')).toMatch(/: line 2: not valid JSON/)
  })

  it('rejects unknown fields and ops with the JSON path', () => {
    const message = errorOf({
      steps: [{ op: 'initialize', extra: 1 }, { op: 'teleport' }, { session: 's1' }],
      perms: [],
    })
    expect(message).toMatch(/- steps\[0\]\.extra: unknown field; the fields allowed here are: op, as, expectError/)
    expect(message).toMatch(/- steps\[1\]\.op: unknown op "teleport"; expected one of "initialize", "newSession"/)
    expect(message).toMatch(/- steps\[2\]\.op: missing "op"/)
    expect(message).toMatch(/- perms: unknown field/)
  })

  it('gives one problem per typo, naming the field or op that was meant', () => {
    const misspelt = (step: object) => errorOf({ steps: [init, s1, step] })
    expect(misspelt({ op: 'prompt', sesion: 's1', text: 'x' })).toBe(
      `${FILE}: steps[2].sesion: unknown field; did you mean "session"? See docs/scenario-format.md for the format.`,
    )
    expect(misspelt({ op: 'promt', session: 's1', text: 'x' })).toContain(
      ': steps[2].op: unknown op "promt"; did you mean "prompt"?',
    )
    expect(misspelt({ op: 'prompt', session: 's1', text: 'x', backgound: true })).toContain(
      ': steps[2].backgound: unknown field; did you mean "background"?',
    )
  })

  it('accepts a $schema reference for editors', () => {
    expect(parse({ $schema: '../../schemas/input.schema.json', steps: [init] }).steps).toHaveLength(1)
  })

  it('rejects expectError on a notification, bad kinds and bad events', () => {
    const message = errorOf({
      steps: [
        init,
        s1,
        { op: 'cancel', session: 's1', expectError: { code: 1 } },
        { op: 'waitFor', event: 'turn/begin', session: 's1' },
      ],
      permissions: ['allow'],
    })
    expect(message).toMatch(/steps\[2\]\.expectError: unknown field/)
    expect(message).toMatch(/steps\[3\]\.event: must be one of "user\/message"/)
    expect(message).toMatch(
      /permissions\[0\]: must be one of "allow_once" \| "allow_always" \| "reject_once" \| "reject_always"/,
    )
  })

  it('checks expectError shape', () => {
    expect(errorOf({ steps: [{ op: 'initialize', expectError: { code: 1.5 } }] })).toMatch(
      /steps\[0\]\.expectError\.code: expected int/,
    )
  })

  it('rejects a session alias that was never defined earlier', () => {
    const message = errorOf({
      steps: [init, { op: 'prompt', session: 's1', text: 'x' }, s1, { op: 'cancel', session: 'nobody' }],
    })
    expect(message).toMatch(/steps\[1\]\.session: session "s1" is used before it is defined \(at steps\[2\]\)/)
    expect(message).toContain(
      'steps[3].session: no earlier step defines session "nobody" (sessions named so far: s1); define it with ' +
        '{ "op": "newSession", "as": "nobody" }, or send a literal id with "sessionId"',
    )
  })

  it('rejects duplicate aliases', () => {
    expect(errorOf({ steps: [init, s1, { ...s1 }] })).toMatch(
      /steps\[2\]\.as: "s1" already names steps\[1\]; names must be unique/,
    )
  })

  it('rejects using a session whose creation is expected to fail', () => {
    const message = errorOf({
      steps: [
        init,
        { op: 'newSession', as: 'bad', expectError: { code: 1 } },
        { op: 'prompt', session: 'bad', text: 'x' },
      ],
    })
    expect(message).toMatch(
      /steps\[2\]\.session: session "bad" is expected to fail \(steps\[1\] has expectError\), so it never exists/,
    )
  })

  it('requires exactly one of text and content', () => {
    expect(errorOf({ steps: [init, s1, { op: 'prompt', session: 's1' }] })).toMatch(
      /steps\[2\]: a prompt needs text or content/,
    )
    expect(
      errorOf({
        steps: [init, s1, { op: 'prompt', session: 's1', text: 'a', content: [{ type: 'text', text: 'b' }] }],
      }),
    ).toMatch(/steps\[2\]: give either text or content, not both/)
  })

  it('pairs background prompts with awaits', () => {
    const message = errorOf({
      steps: [
        init,
        s1,
        { op: 'prompt', session: 's1', text: 'a', background: true },
        { op: 'prompt', session: 's1', text: 'b', as: 'fg' },
        { op: 'prompt', session: 's1', text: 'c', as: 'p3', background: true },
        { op: 'await', prompt: 's1' },
        { op: 'await', prompt: 'missing' },
        { op: 'prompt', session: 's1', text: 'd', as: 'p4', background: true },
        { op: 'await', prompt: 'p4' },
        { op: 'await', prompt: 'p4' },
        { op: 'await', prompt: 'fg' },
      ],
    })
    expect(message).toMatch(/steps\[2\]\.background: a background prompt needs "as"/)
    expect(message).toMatch(/steps\[5\]\.prompt: "s1" names a session, not a background prompt/)
    expect(message).toMatch(/steps\[6\]\.prompt: no earlier background prompt is named "missing"; named so far: p3/)
    expect(message).toMatch(/steps\[9\]\.prompt: background prompt "p4" is already awaited by steps\[8\]/)
    expect(message).toMatch(/steps\[10\]\.prompt: "fg" names steps\[3\] \(prompt\), not a background prompt/)
    expect(message).toMatch(
      /steps\[4\]\.as: background prompt "p3" is never awaited; add \{ "op": "await", "prompt": "p3" \}/,
    )
  })

  it('rejects params without expectError, and count with turn', () => {
    const message = errorOf({
      steps: [
        init,
        { op: 'newSession', as: 's1', params: { cwd: '/elsewhere' } },
        { op: 'waitFor', event: 'turn/end', session: 's1', count: 1, turn: 1 },
        { op: 'waitFor', event: 'permission/outcome', session: 's1', turn: 1 },
      ],
    })
    expect(message).toMatch(/steps\[1\]\.params: params are only for invalid requests and need an expected error/)
    expect(message).toMatch(/steps\[2\]: give count or turn, not both/)
    expect(message).toMatch(/steps\[3\]\.turn: permission\/outcome events carry no turn/)
  })

  it('names the old spelling of a step with the new one, one problem per step', () => {
    const message = errorOf({
      steps: [
        init,
        { op: 'newSession', as: 's1', cwd: 42, expectError: { code: 1 } },
        { op: 'promptBackground', session: 's1', as: 'p1', text: 'x' },
        { op: 'awaitBackground', prompt: 'p1' },
        { op: 'await', from: 'p1' },
        { op: 'teleport' },
      ],
    })
    expect(message).toContain(`${FILE}: 5 problems`)
    expect(message).toContain('steps[1].cwd: "cwd" of newSession is now "params": { "cwd": …, "mcpServers": [] }')
    expect(message).toContain('steps[2].op: "promptBackground" is now { "op": "prompt", "background": true')
    expect(message).toContain('steps[3].op: "awaitBackground" is now { "op": "await", "prompt": … }')
    expect(message).toContain('steps[4].from: "from" of await is now "prompt"')
    expect(message).toContain('steps[5].op: unknown op "teleport"')
  })

  it('rejects an empty script', () => {
    expect(errorOf({ steps: [] })).toMatch(/steps: /)
  })
})

describe('parseInput: the client side and editor steps', () => {
  it('accepts client capabilities with buffers, setMode and listSessions', () => {
    const input = parse({
      client: { fs: { readTextFile: true, writeTextFile: true }, terminal: true, buffers: { 'src/a.js': 'x' } },
      steps: [init, s1, { op: 'setMode', session: 's1', mode: 'read-only' }, { op: 'listSessions' }],
    })
    expect(input.client?.buffers).toEqual({ 'src/a.js': 'x' })
    expect(input.steps.map((step) => step.op)).toEqual(['initialize', 'newSession', 'setMode', 'listSessions'])
  })

  it('refuses buffers nobody reads, non-portable buffer paths, unknown client fields and a stray cursor', () => {
    expect(errorOf({ client: { buffers: { 'a.txt': 'x' } }, steps: [init] })).toContain(
      'client.buffers: buffers are served by fs/read_text_file; set client.fs.readTextFile to true',
    )
    expect(errorOf({ client: { fs: { readTextFile: true }, buffers: { '../a.txt': 'x' } }, steps: [init] })).toContain(
      'contains a ".." segment',
    )
    expect(errorOf({ client: { clipboard: true }, steps: [init] })).toContain(
      'the fields allowed here are: fs, terminal, buffers',
    )
    expect(errorOf({ steps: [init, { op: 'listSessions', cursor: 'c' }] })).toContain(
      'cursor is only for invalid-cursor tests',
    )
  })

  it('checks the session of a setMode step like any other', () => {
    expect(errorOf({ steps: [init, { op: 'setMode', session: 's9', mode: 'ask' }] })).toContain(
      'no earlier step defines session "s9"',
    )
    expect(
      parse({ steps: [init, { op: 'setMode', sessionId: 'bogus', mode: 'ask', expectError: { code: -32602 } }] }),
    ).toBeTruthy()
    expect(errorOf({ steps: [init, s1, { op: 'setMode', session: 's1', sessionId: 'x', mode: 'ask' }] })).toContain(
      'steps[2]: setMode needs exactly one of "session" (the name of a newSession step) and "sessionId"',
    )
  })
})
