// The subagents bench's generated family: children bound to the parent's task calls by spawn point,
// each child's final text is its task call's recorded result, and every log reads back.
import { describe, expect, it } from 'vitest'
import { parseSessionLog } from '../plugins/session/log-format.ts'
import { generateFamily } from './family-gen.ts'
import { sessionText } from './session-gen.ts'

describe('generateFamily', () => {
  it('makes a parent with one task call per child, each child naming its call and spawn index', () => {
    const { parent, children } = generateFamily(3, 5)
    const results = parent.events
      .filter((e) => e.type === 'tool/result')
      .map((e) => (e.data as { output: string }).output)
    expect(children.map((child) => child.header)).toMatchObject(
      [0, 1, 2].map((call) => ({
        parentSession: '{{session:1}}',
        parentCallId: `call_task_${call}`,
        spawn: { turn: 1, step: 1, call },
      })),
    )
    const texts = children.map(
      (child) => (child.events.find((e) => e.type === 'assistant/message')!.data as { text: string }).text,
    )
    expect(results).toEqual(texts)
    for (const log of [parent, ...children]) expect(() => parseSessionLog(sessionText(log), 'gen.jsonl')).not.toThrow()
  })
})
