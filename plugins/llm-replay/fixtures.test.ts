import { describe, expect, it } from 'vitest'
import { loadFixtures } from './fixtures.ts'
import { buildEvents, logText, stop, text } from './test-support/builders.ts'

const log = logText(
  buildEvents([{ prompt: 'p', steps: [{ chunks: [text('a'), stop] }, { chunks: [text('b'), stop] }] }]),
)
const hang = (turn: number, step: number) => ({ kind: 'hang', at: { turn, step } })

/** An in-memory file system for loadFixtures. */
function reader(files: Record<string, string | object>) {
  return (file: string) => {
    if (!(file in files)) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' })
    const content = files[file]
    return typeof content === 'string' ? content : JSON.stringify(content)
  }
}

describe('loadFixtures', () => {
  it('takes a session log text the caller already read instead of reading the file', () => {
    const read = reader({ 'o.json': { entries: [hang(1, 1)] } })
    const [session] = loadFixtures(
      { scenario: 'x', sessions: [{ file: 's0.jsonl', text: log, override: 'o.json' }] },
      read,
    )
    expect(session!.script.map((e) => e.entry.kind)).toEqual(['hang'])
    expect(() => loadFixtures({ scenario: 'x', sessions: [{ file: 's0.jsonl' }] }, read)).toThrow(/s0\.jsonl/)
  })

  it('derives each session and applies per-session and scenario-wide overrides to their targets', () => {
    const read = reader({
      's0.jsonl': log,
      's1.jsonl': log,
      'o1.json': { patch: [{ index: 1, entry: { kind: 'hang' } }] },
      'shared.json': { entries: [hang(1, 1)] },
    })
    const sessions = loadFixtures(
      {
        scenario: 'x',
        sessions: [{ file: 's0.jsonl' }, { file: 's1.jsonl', override: 'o1.json' }],
        override: 'shared.json',
      },
      read,
    )
    expect(sessions.map((s) => s.script.map((e) => e.entry.kind))).toEqual([['hang'], ['chunks', 'hang']])
    expect(sessions[1]?.script[1]?.at).toEqual({ turn: 1, step: 2 })
    expect(sessions[0]?.cwd).toEqual({ kind: 'token', suffix: '' })
    expect(sessions[0]?.historyEvents.some((event) => event.type === 'assistant/chunk')).toBe(false)
  })

  it('rejects a per-session override that names another session', () => {
    const read = reader({ 's0.jsonl': log, 's1.jsonl': log, 'o1.json': { session: 0, entries: [] } })
    expect(() =>
      loadFixtures(
        { scenario: 'x', sessions: [{ file: 's0.jsonl' }, { file: 's1.jsonl', override: 'o1.json' }] },
        read,
      ),
    ).toThrow('o1.json: $.session: this file is the override of session 1 (s1.jsonl) but targets session 0')
  })

  it('rejects two overrides of one session', () => {
    const read = reader({ 's0.jsonl': log, 'o0.json': { entries: [] }, 'shared.json': { entries: [] } })
    expect(() =>
      loadFixtures(
        { scenario: 'x', sessions: [{ file: 's0.jsonl', override: 'o0.json' }], override: 'shared.json' },
        read,
      ),
    ).toThrow('session 0 is overridden twice: o0.json ($) and shared.json ($); keep one')
  })

  it('names a missing override file and what to do', () => {
    expect(() =>
      loadFixtures(
        { scenario: 'x', sessions: [{ file: 's0.jsonl' }], override: 'gone.json' },
        reader({ 's0.jsonl': log }),
      ),
    ).toThrow('cannot read replay override gone.json: the file does not exist; write it (see docs/replay.md)')
  })

  it('names the session in a patch position error', () => {
    const read = reader({ 's0.jsonl': log, 'o.json': { patch: [{ index: 5, entry: { kind: 'hang' } }] } })
    expect(() => loadFixtures({ scenario: 'x', sessions: [{ file: 's0.jsonl' }], override: 'o.json' }, read)).toThrow(
      'o.json: $.patch[0].index: there is no derived entry 5 to replace; scenario "x", session 0 (s0.jsonl) ' +
        'derives 2 entries (indexes 0–1)',
    )
  })
})
