// Session events → ACP `session/update` payloads (pure). This is the editor-facing
// surface the snapshot transcript pins, so every mapping lives here and nowhere else.
import type { SessionUpdate, ToolKind } from '@agentclientprotocol/sdk'
import type { StreamError } from '../llm/types.ts'
import { argumentsOf } from '../agent/tool-arguments.ts'
import type { EventData, SessionEvent } from '../session/events.ts'
import { mcpFailureNotice, noticeUpdate } from './notices.ts'
import { compactionEndUpdate, compactionStartUpdate, summaryChunkUpdates } from './compaction-updates.ts'
import { displayContent, displayLocations } from './tool-display.ts'

interface ToolInfo {
  title(args: Record<string, unknown>): string
  kind: ToolKind
}

export type ToolLookup = (name: string) => ToolInfo | undefined

interface ProjectionOptions {
  /** Client terminals are shown as `terminal` content (live); a retelling shows the output instead. */
  terminals?: boolean
  /** The id of the message a model chunk belongs to (the agent knows it before the log does). */
  messageId?: string
  /** The client takes `notice` updates (notices.ts); else a notice is an agent message line. */
  notices?: boolean
  /** The client takes compaction updates (compaction-updates.ts); else compactions show nothing. */
  compaction?: boolean
}

/** `{ messageId }` when there is one: the log's message id on a message chunk (ACP `ContentChunk.messageId`). */
const withId = (messageId: string | undefined) => (messageId ? { messageId } : {})

/** Updates for one live event; most events (boundaries, headers, permissions) show nothing. */
export function liveUpdates(event: SessionEvent, tools: ToolLookup, options: ProjectionOptions = {}): SessionUpdate[] {
  switch (event.type) {
    case 'assistant/chunk': {
      // A call of another purpose (a compaction's summary) is not the assistant's message.
      if (event.data.purpose && event.data.purpose !== 'turn')
        return options.compaction && event.data.purpose === 'compaction' ? summaryChunkUpdates(event.data) : []
      const chunk = event.data.chunk
      const id = withId(options.messageId)
      if (chunk.type === 'text-delta' && chunk.text)
        return [{ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: chunk.text }, ...id }]
      if (chunk.type === 'reasoning-delta' && chunk.text)
        return [{ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: chunk.text }, ...id }]
      return []
    }
    case 'tool/call':
      return [toolCallUpdate(event.data, tools)]
    case 'tool/start':
      return [toolRunningUpdate(event.data.callId)]
    case 'turn/end':
      return event.data.reason === 'error' ? [errorMessage(event.data.error)] : []
    case 'tool/update':
      return [
        {
          sessionUpdate: 'tool_call_update',
          toolCallId: event.data.callId,
          content: displayContent(event.data.display, undefined, { terminals: options.terminals ?? true }),
          ...displayLocations(event.data.display),
        },
      ]
    case 'tool/result':
      return [
        {
          sessionUpdate: 'tool_call_update',
          toolCallId: event.data.callId,
          status: event.data.isError ? 'failed' : 'completed',
          content: displayContent(event.data.display, event.data.output, { terminals: options.terminals ?? true }),
          ...displayLocations(event.data.display),
        },
        // The todo tool's plan: the whole list, which replaces the one the editor shows.
        ...(event.data.display?.plan ? [{ sessionUpdate: 'plan' as const, entries: event.data.display.plan }] : []),
      ]
    case 'mode/change':
      return [{ sessionUpdate: 'current_mode_update', currentModeId: event.data.modeId }]
    case 'mcp/failure':
      return [noticeUpdate(mcpFailureNotice(event.data), options.notices ?? false)]
    case 'notice':
      return [noticeUpdate(event.data, options.notices ?? false)]
    case 'command/run':
      return [{ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: event.data.output } }]
    case 'compaction/start':
      return options.compaction ? [compactionStartUpdate(event.data)] : []
    case 'compaction/end':
      return options.compaction ? [compactionEndUpdate(event.data)] : []
    default:
      return []
  }
}

/**
 * A failed turn says so in the thread too (the prompt's JSON-RPC error carries the same code):
 * every prompt then shows at least one update before its response, even when the model
 * failed before streaming anything.
 */
function errorMessage(error: StreamError | undefined): SessionUpdate {
  const code = error ? `${error.code}${error.status ? `, HTTP ${error.status}` : ''}` : 'UNKNOWN'
  return {
    sessionUpdate: 'agent_message_chunk',
    content: { type: 'text', text: `\n[model error (${code}): ${error?.message ?? 'the model failed'}]` },
  }
}

function toolRunningUpdate(callId: string): SessionUpdate {
  return { sessionUpdate: 'tool_call_update', toolCallId: callId, status: 'in_progress' }
}

/** Updates that retell a persisted session on session/load: whole messages, not their chunks. */
export function historyUpdates(events: readonly SessionEvent[], tools: ToolLookup): SessionUpdate[] {
  const updates: SessionUpdate[] = []
  for (const event of events) {
    switch (event.type) {
      case 'user/message':
        updates.push(...userChunks(event.data))
        break
      case 'assistant/message': {
        const { reasoning, text, messageId } = event.data
        if (reasoning)
          updates.push({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: reasoning }, messageId })
        if (text) updates.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text }, messageId })
        break
      }
      case 'command/run': {
        const text = `/${event.data.name}${event.data.input ? ` ${event.data.input}` : ''}`
        updates.push({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text } })
        updates.push(...liveUpdates(event, tools))
        break
      }
      case 'tool/call':
      case 'tool/result':
      case 'turn/end':
        // Terminals were released when their calls ended: a retelling shows the output instead.
        updates.push(...liveUpdates(event, tools, { terminals: false }))
        break
    }
  }
  return updates
}

/** A prompt's blocks as the client is told them (a retelling, a subagent's prompt), under the log's message id. */
export function userChunks(data: EventData['user/message']): SessionUpdate[] {
  return data.content.map((content) => ({ sessionUpdate: 'user_message_chunk', content, messageId: data.messageId }))
}

function toolCallUpdate(call: EventData['tool/call'], tools: ToolLookup): SessionUpdate {
  const parsed = argumentsOf(call)
  const args = 'args' in parsed ? parsed.args : undefined
  const tool = tools(call.name)
  return {
    sessionUpdate: 'tool_call',
    toolCallId: call.callId,
    title: tool && args ? tool.title(args) : call.name,
    kind: tool?.kind ?? 'other',
    status: 'pending',
    rawInput: args ?? call.arguments,
  }
}
