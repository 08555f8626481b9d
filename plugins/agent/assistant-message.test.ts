import { describe, expect, it } from 'vitest'
import { applyChunk, emptyDraft, toolCallsOf } from './assistant-message.ts'

describe('assistant draft', () => {
  it('folds text, reasoning, usage and finish', () => {
    const draft = emptyDraft()
    applyChunk(draft, { type: 'reasoning-delta', text: 'hm' })
    applyChunk(draft, { type: 'text-delta', text: 'Hel' })
    applyChunk(draft, { type: 'text-delta', text: 'lo' })
    applyChunk(draft, { type: 'usage', inputTokens: 3, outputTokens: 2, cachedInputTokens: 1 })
    applyChunk(draft, { type: 'finish', reason: 'stop' })
    expect(draft.text).toBe('Hello')
    expect(draft.reasoning).toBe('hm')
    expect(draft.usage).toEqual({ inputTokens: 3, outputTokens: 2, cachedInputTokens: 1 })
    expect(draft.finish).toEqual({ reason: 'stop' })
  })

  it('assembles interleaved tool-call deltas by index and fills missing ids', () => {
    const draft = emptyDraft()
    applyChunk(draft, { type: 'tool-call-delta', index: 1, id: 'b', name: 'read_file', argumentsDelta: '{"pa' })
    applyChunk(draft, { type: 'tool-call-delta', index: 0, name: 'bash', argumentsDelta: '{"command":' })
    applyChunk(draft, { type: 'tool-call-delta', index: 1, argumentsDelta: 'th":"a"}' })
    applyChunk(draft, { type: 'tool-call-delta', index: 0, argumentsDelta: '"ls"}' })
    expect(toolCallsOf(draft, 2, 3)).toEqual([
      { id: 'call_2_3_0', name: 'bash', arguments: '{"command":"ls"}' },
      { id: 'b', name: 'read_file', arguments: '{"path":"a"}' },
    ])
  })
})
