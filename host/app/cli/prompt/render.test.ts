import type { SessionUpdate } from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { TurnRenderer } from './render.ts'

const chunk = (text: string): SessionUpdate => ({
  sessionUpdate: 'agent_message_chunk',
  content: { type: 'text', text },
})

/** Everything a renderer writes for `updates` and the turn's end, as one screen: `[err]` marks stderr. */
function screen(updates: SessionUpdate[]): string {
  const renderer = new TurnRenderer()
  return [...updates.flatMap((update) => renderer.update(update)), ...renderer.end()]
    .map(({ stream, text }) => (stream === 'stderr' ? `[err]${text}` : text))
    .join('')
}

describe('TurnRenderer', () => {
  it('streams the answer text to stdout and ends the last line', () => {
    expect(screen([chunk('Hello'), chunk(' there')])).toBe('Hello there\n')
    expect(screen([chunk('done\n')])).toBe('done\n')
  })

  it('writes one line per tool call when it ends, with its latest title, after ending the text line', () => {
    const updates: SessionUpdate[] = [
      chunk('Looking'),
      { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'bash', status: 'pending' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'c1', title: 'bash: ls', status: 'in_progress' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' },
      chunk('Found it.'),
    ]
    expect(screen(updates)).toBe('Looking\n[err]  tool: bash: ls (completed)\nFound it.\n')
  })

  it('shows a call that never finished at the end of the turn, with its last status', () => {
    const updates: SessionUpdate[] = [
      { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'edit a.txt', status: 'pending' },
      { sessionUpdate: 'tool_call', toolCallId: 'c2', title: 'read b.txt', status: 'failed' },
    ]
    expect(screen(updates)).toBe('[err]  tool: read b.txt (failed)\n[err]  tool: edit a.txt (pending)\n')
  })

  it('writes nothing for reasoning, plans and usage', () => {
    const quiet: SessionUpdate[] = [
      { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'hmm' } },
      { sessionUpdate: 'plan', entries: [] },
      { sessionUpdate: 'usage_update', used: 5, size: 100 },
    ]
    expect(screen(quiet)).toBe('')
  })
})
