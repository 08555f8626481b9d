// Compaction on the wire (issue 37 item 3, docs/compaction.md): a client that advertised
// `session.compaction` gets `compaction_update` (in progress, then completed / failed / cancelled
// with the summary or the error) and the summary as `compaction_summary_chunk`s; any other client
// sees none of it (a `/compact` still answers with its command output). Pure.
import type { ClientCapabilities, SessionUpdate } from '@agentclientprotocol/sdk'
import type { EventData } from '../session/events.ts'
import { compactionIdOf } from '../session/history.ts'

/** Whether the client advertised `session.compaction`. */
export function takesCompaction(capabilities: ClientCapabilities | undefined): boolean {
  return capabilities?.session?.compaction != null
}

export function compactionStartUpdate(data: EventData['compaction/start']): SessionUpdate {
  return { sessionUpdate: 'compaction_update', compactionId: data.compactionId, status: 'in_progress' }
}

export function compactionEndUpdate(data: EventData['compaction/end']): SessionUpdate {
  const { compactionId, status, summary, error } = data
  return {
    sessionUpdate: 'compaction_update',
    compactionId,
    status,
    ...(summary ? { summary: [{ type: 'text', text: summary }] } : {}),
    ...(error ? { error } : {}),
  }
}

/** A chunk of a summary call: its text as a summary chunk; nothing else of it is shown. */
export function summaryChunkUpdates(data: EventData['assistant/chunk']): SessionUpdate[] {
  const { chunk } = data
  if (chunk.type !== 'text-delta' || !chunk.text) return []
  const compactionId = compactionIdOf(data.turn, data.step)
  return [{ sessionUpdate: 'compaction_summary_chunk', compactionId, content: { type: 'text', text: chunk.text } }]
}
