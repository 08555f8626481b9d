// Compaction (issue 37 item 3): past the threshold the history is summarised by a call of purpose
// `compaction` and the log's boundary replaces it, for this session and for one restored from the log;
// a failed summary leaves the history untouched; a turn that still does not fit is CONTEXT_OVERFLOW.
import { describe, expect, it } from 'vitest'
import { AgentConfig } from './config.ts'
import { compactCommand } from './compact-command.ts'
import { restoreRuntime } from './session-runtime.ts'
import { callTool, standIns, text, tool, typesOf } from './test-support/stand-ins.ts'
import { runTurn } from './turn.ts'

const long = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ')
const say = (value: string) => [{ type: 'text' as const, text: value }]

describe('compaction', () => {
  it('compacts before a call past the threshold, keeping the running turn, and session/load agrees', async () => {
    const s = standIns({
      steps: [text(long(400)), text('the summary'), text('answered')],
      config: { contextWindow: 1000, compaction: { threshold: 0.5 } },
    })
    await runTurn(s.turn(), say('first'))
    s.events.length = 0
    expect(await runTurn(s.turn(), say('second'))).toEqual({ reason: 'end_turn' })
    expect(typesOf(s.events).slice(3, 8)).toEqual([
      'compaction/start',
      'model/request',
      'assistant/chunk',
      'assistant/chunk',
      'compaction/end',
    ])
    const summaryCall = s.requests[1]!
    expect([summaryCall.purpose, summaryCall.turn, summaryCall.step, summaryCall.tools]).toEqual([
      'compaction',
      2,
      1,
      [],
    ])
    expect(s.events.find((e) => e.type === 'compaction/end')?.data).toEqual({
      compactionId: 'compaction-2-1',
      status: 'completed',
      summary: 'the summary',
      keep: 1,
    })
    const after = s.requests[2]!.messages.map((m) => m.content)
    expect(after).toEqual([expect.stringContaining('summarised'), 'second'])
    expect(after[0]).toContain('the summary')
    const all = s.events.map(({ sessionId: _, ...event }) => event)
    const restored = restoreRuntime(s.runtime.header, all, 'm')
    expect(restored.history.messages.slice(0, 2)).toEqual(s.requests[2]!.messages)
  })

  it('leaves the history untouched when the summary call fails, and the log says so', async () => {
    const failing = [
      { type: 'finish' as const, reason: 'error' as const, error: { message: 'bad', code: 'BAD_REQUEST' } },
    ]
    const s = standIns({
      steps: [text(long(400)), failing, text('still answered')],
      config: { contextWindow: 1000, compaction: { threshold: 0.5 } },
    })
    await runTurn(s.turn(), say('first'))
    expect(await runTurn(s.turn(), say('second'))).toEqual({ reason: 'end_turn' })
    const end = s.events.find((e) => e.type === 'compaction/end')?.data
    expect(end).toMatchObject({ status: 'failed', error: expect.stringContaining('the history is as it was') })
    expect(s.requests[2]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
  })

  it('compacts the earlier steps of a turn that is all the history (a subagent), keeping its last step', async () => {
    const read = tool('read', 'read', async () => ({ output: long(300), isError: false }))
    const s = standIns({
      tools: [read],
      steps: [callTool('read', '{}', 'c1'), callTool('read', '{}', 'c2'), text('the summary'), text('done')],
      config: { contextWindow: 1000, compaction: { threshold: 0.5 } },
    })
    expect(await runTurn(s.turn(), say('read twice'))).toEqual({ reason: 'end_turn' })
    // Step 2 still fit; before step 3 the prompt and step 1 are summarised, step 2's call and result kept.
    expect(s.requests.map((r) => [r.purpose, r.step])).toEqual([
      ['turn', 1],
      ['turn', 2],
      ['compaction', 3],
      ['turn', 3],
    ])
    expect(s.events.find((e) => e.type === 'compaction/end')?.data).toMatchObject({ status: 'completed', keep: 2 })
    const after = s.requests[3]!.messages
    expect(after.map((m) => m.role)).toEqual(['user', 'assistant', 'tool'])
    expect(after[0]!.content).toContain('the summary')
    expect(after[1]).toMatchObject({ toolCalls: [{ id: 'c2' }] })
  })

  it('ends a turn that still does not fit with CONTEXT_OVERFLOW, naming turn, step and window', async () => {
    const s = standIns({ config: { contextWindow: 200 } })
    const outcome = await runTurn(s.turn(), say(long(400)))
    expect(outcome.reason).toBe('error')
    expect(outcome.error?.code).toBe('CONTEXT_OVERFLOW')
    expect(outcome.error?.message).toMatch(/^turn 1 step 1 of session session-1: .* context window of model "m" is 200/)
    expect(s.requests).toHaveLength(0)
  })

  it('/compact summarises everything; an empty session and a second /compact are named errors', async () => {
    const s = standIns({ steps: [text('hello'), text('all of it')] })
    await expect(compactCommand(s.runtime, { llm: s.llm, store: s.store, config: config() })).rejects.toThrow(
      'nothing to compact: session session-1 has no conversation yet; prompt first',
    )
    await runTurn(s.turn(), say('hi'))
    expect(await compactCommand(s.runtime, { llm: s.llm, store: s.store, config: config() })).toBe(
      'Compacted 2 messages into a summary.',
    )
    expect(s.requests[1]).toMatchObject({ purpose: 'compaction', turn: 1, step: 0 })
    expect(s.runtime.history.messages).toHaveLength(1)
    await expect(compactCommand(s.runtime, { llm: s.llm, store: s.store, config: config() })).rejects.toThrow(
      'nothing new to compact',
    )
  })

  it('refuses a threshold outside (0, 1] by name', () => {
    expect(() => AgentConfig.parse({ compaction: { threshold: 0 } })).toThrow('above 0')
    expect(() => AgentConfig.parse({ compaction: { threshold: 1.5 } })).toThrow('at most 1')
  })
})

function config() {
  return AgentConfig.parse({ model: 'm', systemPrompt: 's' })
}
