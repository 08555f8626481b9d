// ACP messageId on message chunks (issue 38 item 4), checked from the wire (pure): every agent
// message and thought chunk in the window names its message, one message's chunks come together
// (a changed id starts a new message, and an id never comes back), and there are as many as expected.
import type { CaseCheck } from './case-schema.ts'
import { list, show } from './check-text.ts'
import type { CaseTrace } from './trace.ts'
import { windowUpdates } from './update-window.ts'

type Check = Extract<CaseCheck, { check: 'messageIds' }>

const CHUNKS = new Set(['agent_message_chunk', 'agent_thought_chunk'])

export function messageIds(check: Check, trace: CaseTrace): string | undefined {
  const selected = windowUpdates(trace, check)
  if ('problem' in selected) return selected.problem
  const chunks = selected.updates.filter((update) => CHUNKS.has(update.kind))
  const missing = chunks.filter((chunk) => typeof chunk.update.messageId !== 'string' || !chunk.update.messageId)
  const [first] = missing
  if (first)
    return (
      `${missing.length} of ${chunks.length} message chunks carry no messageId ` +
      `(first: #${first.seq} ${first.kind})`
    )
  const order: string[] = []
  for (const chunk of chunks) {
    const id = chunk.update.messageId as string
    if (order.at(-1) === id) continue
    if (order.includes(id))
      return (
        `message ${show(id)} resumed at #${chunk.seq} after another message began; ` +
        'a changed messageId starts a new message'
      )
    order.push(id)
  }
  return order.length === check.messages
    ? undefined
    : `expected the chunks to belong to ${check.messages} messages, got ${order.length} ` +
        `(${list(order.map((id) => show(id)))})`
}
