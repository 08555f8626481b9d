// A prompt of millions of words must not overflow the stack anywhere in the echo model
// (issue 14 item 10): every step that grows with the input is a loop, not an argument spread.
import { describe, expect, it } from 'vitest'
import type { StreamChunk } from '../llm/types.ts'
import { echoAdapter } from './adapter.ts'

const WORDS = 2_000_000
const manyWords = Array(WORDS).fill('w').join(' ')

function request(content: string) {
  return {
    sessionId: 's',
    turn: 1,
    step: 1,
    model: 'echo',
    system: '',
    tools: [],
    messages: [{ role: 'user' as const, content }],
    signal: new AbortController().signal,
  }
}

async function countChunks(content: string) {
  const counts = { text: 0, reasoning: 0, finish: '' }
  for await (const chunk of echoAdapter(request(content)) as AsyncIterable<StreamChunk>) {
    if (chunk.type === 'text-delta') counts.text++
    if (chunk.type === 'reasoning-delta') counts.reasoning++
    if (chunk.type === 'finish') counts.finish = chunk.reason
  }
  return counts
}

describe('llm-echo with a 2-million-word prompt', () => {
  it('echoes every word as its own chunk', async () => {
    expect(await countChunks(manyWords)).toEqual({ text: WORDS, reasoning: 0, finish: 'stop' })
  })

  it('thinks every word as its own chunk', async () => {
    expect(await countChunks(`think ${manyWords}`)).toEqual({ text: 0, reasoning: WORDS, finish: 'stop' })
  })
})
