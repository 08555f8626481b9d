import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { type LoggedEvent, parseSessionLog } from '../../../plugins/session/log-format.ts'
import { deriveWorkspace } from './derive-workspace.ts'
import { eventsWithChildren } from './merge-children.ts'

type ParsedLog = Parameters<typeof eventsWithChildren>[0][number]

const result = (callId: string) =>
  ({ type: 'tool/result', data: { turn: 1, step: 1, callId, output: callId, isError: false } }) as LoggedEvent
const mark = (text: string) => ({ type: 'turn/start', data: { turn: Number(text) } }) as LoggedEvent
const log = (id: string, events: LoggedEvent[], parent?: [string, string]): ParsedLog => ({
  header: { id, ...(parent ? { parentSession: parent[0], parentCallId: parent[1] } : {}) },
  events,
})
const kinds = (events: LoggedEvent[]) =>
  events.map((e) =>
    e.type === 'tool/result' ? `result ${e.data.callId}` : `mark ${(e.data as { turn: number }).turn}`,
  )

describe('eventsWithChildren', () => {
  it("puts each child's events, grandchildren included, just before its task call's result", () => {
    const merged = eventsWithChildren([
      log('p', [mark('1'), result('a'), result('b'), mark('2')]),
      log('c1', [mark('11'), result('x')], ['p', 'a']),
      log('c2', [mark('12')], ['p', 'a']),
      log('c3', [mark('13')], ['p', 'b']),
      log('g', [mark('21')], ['c1', 'x']),
      log('orphan', [mark('99')], ['p', 'never-answered']),
    ])
    expect(kinds(merged)).toEqual([
      'mark 1',
      'mark 11',
      'mark 21',
      'result x',
      'mark 12',
      'result a',
      'mark 13',
      'result b',
      'mark 2',
      'mark 99',
    ])
  })

  it('keeps a long child whose call was never answered whole, after the parent (no spread on the stack)', () => {
    const long = Array.from({ length: 200_000 }, (_, index) => mark(String(index)))
    const merged = eventsWithChildren([log('p', [mark('1')]), log('cut', long, ['p', 'never-answered'])])
    expect(merged).toHaveLength(200_001)
    expect(merged.slice(1)).toEqual(long)
  })

  it("rebuilds the file only a subagent read (subagent-one-child's workspace) from the merged logs", () => {
    const read = (file: string) =>
      parseSessionLog(readFileSync(packageFile('scenarios', 'subagent-one-child', file), 'utf8'), file)
    const logs = [read('session.jsonl'), read('session.1.jsonl')]
    expect(deriveWorkspace(logs[0]!.events).files.size).toBe(0)
    expect(deriveWorkspace(eventsWithChildren(logs)).files).toEqual(
      new Map([
        ['app.toml', readFileSync(packageFile('scenarios', 'subagent-one-child', 'workspace', 'app.toml'), 'utf8')],
      ]),
    )
  })
})
