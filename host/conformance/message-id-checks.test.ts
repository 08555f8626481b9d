// The messageIds check on hand-built traces: ids present, one message's chunks together, the count.
import { expect, it } from 'vitest'
import { builder, check, ok } from './test-support/trace-builder.ts'

function prompt(chunks: Array<[string, string | undefined]>) {
  const b = builder()
  b.session('s1', 'id-1')
  const p1 = b.step('prompt', 'p1', { sessionId: 'id-1' })
  const answer = b.promptRequest('id-1')
  for (const [text, messageId] of chunks)
    b.update('id-1', {
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text },
      ...(messageId ? { messageId } : {}),
    })
  answer()
  b.end(p1, ok({ stopReason: 'end_turn' }))
  return b.trace
}

it('passes chunks grouped by message, and counts the messages', () => {
  const trace = prompt([
    ['a', 'm1'],
    ['b', 'm1'],
    ['c', 'm2'],
  ])
  expect(check({ check: 'messageIds', messages: 2, from: 'p1' }, trace)).toBeUndefined()
  expect(check({ check: 'messageIds', messages: 1, from: 'p1' }, trace)).toMatch(/belong to 1 messages, got 2/)
})

it('fails a chunk without an id, and a message that resumes after another began', () => {
  expect(check({ check: 'messageIds', messages: 1 }, prompt([['a', undefined]]))).toMatch(
    /1 of 1 message chunks carry no messageId/,
  )
  const resumed = prompt([
    ['a', 'm1'],
    ['b', 'm2'],
    ['c', 'm1'],
  ])
  expect(check({ check: 'messageIds', messages: 2 }, resumed)).toMatch(/message "m1" resumed at #\d+ after another/)
})
