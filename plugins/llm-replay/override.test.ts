import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { deriveReplayScript } from './derive.ts'
import { applyOverride, parseOverride } from './override.ts'
import { buildEvents, stop, text } from './test-support/builders.ts'

const FILE = 'scenarios/x/replay.override.json'
const parse = (value: unknown, defaultSession?: number) => parseOverride(JSON.stringify(value), FILE, defaultSession)
/** The first part of an override; the test fails when there is none. */
const parseFirst = (value: unknown) => {
  const [part] = parse(value)
  if (!part) throw new Error('the override has no part')
  return part
}
const problem = (value: unknown) => {
  try {
    parse(value)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected the override to be rejected')
}

const throw401 = {
  kind: 'throw',
  at: { turn: 1, step: 1 },
  message: 'Authentication Fails',
  code: 'HTTP_401',
  status: 401,
}

/** Three recorded calls: (1,1), (1,2), (2,1). */
const derived = deriveReplayScript(
  buildEvents([
    { prompt: 'a', steps: [{ chunks: [text('a1'), stop] }, { chunks: [text('a2'), stop] }] },
    { prompt: 'b', steps: [{ chunks: [text('b1'), stop] }] },
  ]),
)

describe('override validation', () => {
  it('names the file and JSON path of an unknown chunk type', () => {
    const message = problem({
      entries: [
        { kind: 'hang', at: { turn: 1, step: 1 } },
        { kind: 'chunks', at: { turn: 1, step: 2 }, chunks: [{ type: 'txt', text: 'hi' }] },
      ],
    })
    expect(message).toContain(`${FILE}: $.entries[1].chunks[0].type: unknown type "txt"`)
    expect(message).toContain('expected one of "text-delta", "reasoning-delta", "tool-call-delta", "usage", "finish"')
  })

  it('rejects unknown keys at every level', () => {
    expect(problem({ entries: [], extra: 1 })).toContain(`${FILE}: $.extra: Unrecognized key: "extra"`)
    expect(problem({ entries: [{ ...throw401, retry: true }] })).toContain(
      '$.entries[0].retry: Unrecognized key: "retry"',
    )
    expect(problem({ entries: [{ kind: 'chunks', at: { turn: 1, step: 1, call: 2 }, chunks: [] }] })).toContain(
      '$.entries[0].at.call: Unrecognized key: "call"',
    )
    expect(
      problem({
        entries: [
          { kind: 'chunks', at: { turn: 1, step: 1 }, chunks: [{ type: 'text-delta', text: 'a', delta: 'b' }] },
        ],
      }),
    ).toContain('$.entries[0].chunks[0].delta: Unrecognized key: "delta"')
    expect(problem({ patch: [{ index: 0, entry: { kind: 'hang' }, note: 'x' }] })).toContain(
      '$.patch[0].note: Unrecognized key: "note"',
    )
  })

  it('rejects unknown entry kinds and wrong shapes with the offending value', () => {
    expect(problem({ entries: [{ kind: 'sleep', at: { turn: 1, step: 1 } }] })).toContain(
      '$.entries[0].kind: unknown kind "sleep"; expected one of "chunks", "throw", "hang"',
    )
    expect(problem({ entries: 'all' })).toContain('$.entries: expected array, got string "all"')
    expect(problem({ entries: [{ ...throw401, status: '401' }] })).toContain(
      '$.entries[0].status: expected number, got string "401"',
    )
    expect(problem({ entries: [{ kind: 'throw', at: { turn: 1, step: 1 }, code: 'X' }] })).toContain(
      '$.entries[0].message: required field is missing (expected string)',
    )
    expect(
      problem({
        entries: [{ kind: 'chunks', at: { turn: 1, step: 1 }, chunks: [{ type: 'finish', reason: 'done' }] }],
      }),
    ).toContain(
      '$.entries[0].chunks[0].reason: must be one of "stop" | "tool-calls" | "max-tokens" | "aborted" | ' +
        '"error", got string "done"',
    )
    expect(problem({ entries: [{ kind: 'hang' }] })).toContain(
      '$.entries[0].at: required field is missing (expected object)',
    )
  })

  it('rejects a finish that is not last and a finish inside throw prefix chunks', () => {
    expect(
      problem({ entries: [{ kind: 'chunks', at: { turn: 1, step: 1 }, chunks: [stop, text('late')] }] }),
    ).toContain('$.entries[0].chunks[0].type: a "finish" chunk must be the last chunk')
    expect(problem({ entries: [{ ...throw401, chunks: [text('a'), stop] }] })).toContain(
      '$.entries[0].chunks[1].type: a throw\'s prefix chunks cannot contain "finish"',
    )
  })

  it('rejects ambiguous forms', () => {
    expect(problem({})).toContain('$: needs exactly one of "entries"')
    expect(problem({ entries: [], patch: [] })).toContain('$: needs exactly one of "entries"')
    expect(problem({ entries: [], sessions: [] })).toContain('$: use either top-level')
    expect(problem({ patch: [{ index: 0, before: 1, entry: { kind: 'hang' } }] })).toContain(
      '$.patch[0]: a patch needs exactly one of "index"',
    )
    expect(problem({ patch: [{ before: 1, entry: { kind: 'hang' } }] })).toContain(
      '$.patch[0].entry.at: an inserted entry needs "at"',
    )
    expect(
      problem({
        sessions: [
          { session: 1, entries: [] },
          { session: 1, patch: [] },
        ],
      }),
    ).toContain('$.sessions[1].session: session 1 is already targeted by $.sessions[0]')
  })

  it('reports invalid JSON with the file name', () => {
    expect(() => parseOverride('{"entries": [', FILE)).toThrow(`${FILE}: not valid JSON`)
  })
})

describe('override targeting and application', () => {
  it('replaces the whole script, keeping each entry\'s "at" and its source path', () => {
    const part = parseFirst({
      entries: [
        { ...throw401, chunks: [text('partial')] },
        { kind: 'hang', at: { turn: 2, step: 1 } },
      ],
    })
    expect(part?.session).toBe(0)
    const script = applyOverride(derived, part, 'session 0')
    expect(script).toEqual([
      {
        at: { turn: 1, step: 1 },
        entry: {
          kind: 'throw',
          chunks: [text('partial')],
          message: 'Authentication Fails',
          code: 'HTTP_401',
          status: 401,
        },
        source: { from: 'override', file: FILE, path: '$.entries[0]' },
      },
      {
        at: { turn: 2, step: 1 },
        entry: { kind: 'hang' },
        source: { from: 'override', file: FILE, path: '$.entries[1]' },
      },
    ])
  })

  it('replaces an empty derived script (a throw before any chunk)', () => {
    const part = parseFirst({
      entries: [{ kind: 'throw', at: { turn: 1, step: 1 }, message: 'boom', code: 'NETWORK' }],
    })
    expect(applyOverride([], part, 'session 0')[0]?.entry).toEqual({
      kind: 'throw',
      chunks: [],
      message: 'boom',
      code: 'NETWORK',
    })
  })

  it('patches by derived position: replace keeps the recorded "at", inserts and appends go in place', () => {
    const part = parseFirst({
      patch: [
        { index: 1, entry: { kind: 'throw', chunks: [text('a2')], message: 'reset', code: 'ECONNRESET' } },
        { before: 2, entry: { kind: 'hang', at: { turn: 2, step: 1 } } },
        { before: 3, entry: { kind: 'chunks', at: { turn: 3, step: 1 }, chunks: [text('c'), stop] } },
      ],
    })
    const script = applyOverride(derived, part, 'session 0')
    expect(script.map((s) => [s.at.turn, s.at.step, s.entry.kind])).toEqual([
      [1, 1, 'chunks'],
      [1, 2, 'throw'],
      [2, 1, 'hang'],
      [2, 1, 'chunks'],
      [3, 1, 'chunks'],
    ])
    expect(script[0]).toBe(derived[0])
    expect(script[1]?.source).toEqual({ from: 'override', file: FILE, path: '$.patch[0].entry' })
    expect(script[3]).toBe(derived[2])
  })

  it('names the patch and the derived length when a position does not exist', () => {
    const replace = parseFirst({ patch: [{ index: 3, entry: { kind: 'hang' } }] })
    expect(() => applyOverride(derived, replace, 'scenario "x", session 0 (s.jsonl)')).toThrow(
      `${FILE}: $.patch[0].index: there is no derived entry 3 to replace; scenario "x", session 0 (s.jsonl) derives ` +
        `3 entries (indexes 0–2). Use "before": 3 to append`,
    )
    const insert = parseFirst({ patch: [{ before: 4, entry: { kind: 'hang', at: { turn: 3, step: 1 } } }] })
    expect(() => applyOverride(derived, insert, 'session 0')).toThrow('$.patch[0].before: position 4 is past the end')
    const twice = parseFirst({
      patch: [
        { index: 0, entry: { kind: 'hang' } },
        { index: 0, entry: { kind: 'hang' } },
      ],
    })
    expect(() => applyOverride(derived, twice, 'session 0')).toThrow('$.patch[1].index: entry 0 is already replaced')
  })

  it('targets sessions by index: top-level "session", the default, or a "sessions" list', () => {
    expect(parse({ entries: [] }).map((p) => p.session)).toEqual([0])
    expect(parse({ entries: [] }, 2).map((p) => [p.session, p.explicitSession])).toEqual([[2, false]])
    expect(parse({ session: 1, patch: [] }).map((p) => [p.session, p.explicitSession])).toEqual([[1, true]])
    const parts = parse({
      sessions: [
        { session: 1, entries: [throw401] },
        { session: 0, patch: [{ index: 0, entry: { kind: 'hang' } }] },
      ],
    })
    expect(parts.map((p) => [p.session, p.path, p.action.kind])).toEqual([
      [1, '$.sessions[0]', 'replace'],
      [0, '$.sessions[1]', 'patch'],
    ])
    const [, second] = parts
    if (!second) throw new Error('the override has no second part')
    expect(applyOverride(derived, second, 'session 0')[0]?.source).toEqual({
      from: 'override',
      file: FILE,
      path: '$.sessions[1].patch[0].entry',
    })
  })
})

describe('docs/replay.md', () => {
  it('shows only override examples that validate', () => {
    const doc = readFileSync(new URL('../../docs/replay.md', import.meta.url), 'utf8')
    const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map(([, json = '']) => json)
    expect(examples.length).toBeGreaterThanOrEqual(4)
    for (const example of examples) expect(() => parseOverride(example, 'docs/replay.md')).not.toThrow()
  })
})
