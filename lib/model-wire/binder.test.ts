import { expect, test } from 'vitest'
import { RecordingBinder } from './binder.ts'
import type { CanonicalRequest } from './canonical.ts'
import { identify, type Recording } from './recording.ts'
import { normalizeRequest } from './request-normalize.ts'

const request = (opening: string, ...more: string[]): CanonicalRequest => ({
  system: 'sys',
  tools: [],
  messages: [opening, ...more].map((text, index) => ({ role: index % 2 ? 'assistant' : 'user', text })),
})
const exchange = (req: CanonicalRequest, text: string) => ({
  ...identify(req),
  wire: 'gemini' as const,
  request: req,
  answer: { reply: { text } },
})
const recording = (...exchanges: ReturnType<typeof exchange>[]): Recording => ({
  version: 1,
  source: 'stub',
  exchanges,
})

test('requests bind by content per lane, whatever order concurrent lanes and side calls arrive in', () => {
  const binder = new RecordingBinder(
    recording(
      exchange(request('main'), 'A1'),
      exchange(request('title for: main'), 'T'),
      exchange(request('main', 'A1', 'more'), 'A2'),
    ),
  )
  const served = (req: CanonicalRequest, index: number) => {
    const bound = binder.bind(req, index)
    return 'exchange' in bound ? bound.exchange.answer : bound.problem.code
  }
  expect(served(request('title for: main'), 0)).toEqual({ reply: { text: 'T' } })
  expect(served(request('main'), 1)).toEqual({ reply: { text: 'A1' } })
  expect(served(request('main', 'A1', 'more'), 2)).toEqual({ reply: { text: 'A2' } })
  expect(served(request('main'), 3)).toBe('REPLAY_EXHAUSTED')
  expect(binder.unused()).toEqual([])
})

test('a request without a twin is a drift against the next recorded request of its lane', () => {
  const binder = new RecordingBinder(
    recording(exchange(request('main'), 'A1'), exchange(request('main', 'A1', 'x'), 'B')),
  )
  binder.bind(request('main'), 0)
  const bound = binder.bind(request('main', 'A1', 'y'), 1)
  expect('problem' in bound && bound.problem).toMatchObject({ code: 'REPLAY_DRIFT', index: 1 })
  if (!('problem' in bound)) return
  expect(bound.problem.recorded).toContain('\n  x\n')
  expect(bound.problem.live).toContain('\n  y\n')
  expect(binder.unused()).toHaveLength(1)
})

test('the run cwd, temp dirs and dates normalize away, so two runs bind alike', () => {
  const run = (cwd: string, date: string) =>
    normalizeRequest(
      { system: `cwd ${cwd}/a, today is ${date}, tmp /tmp/x-1a`, tools: [], messages: [] },
      { cwd: [cwd] },
    )
  const first = run('/home/u/t/run-1', 'Thursday, December 3, 2026')
  expect(first.system).toBe('cwd {{cwd}}/a, today is {{date}}, tmp {{tmp}}')
  expect(identify(first)).toEqual(identify(run('/home/u/t/run-2', 'Friday, January 9, 2027')))
})
