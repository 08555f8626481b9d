// How subagents (plugins/subagents) show on the wire for a client that does not advertise the
// unstable `subagents` capability: no child session id ever appears. A child's progress (the
// titles of its tool calls and its latest message) is `tool_call_update` content on the parent's
// `task` call, and a child's question goes out under the parent's session, titled with the child. Pure.
import type { SessionUpdate, ToolCallContent } from '@agentclientprotocol/sdk'
import type { PermissionRequest } from '../agent/index.ts'
import { argumentsOf } from '../agent/tool-arguments.ts'
import type { SessionEvent } from '../session/events.ts'
import type { ToolLookup } from './projection.ts'

interface Lane {
  titles: string[]
  latest: string
}

/** Child progress per `task` call of a session the client opened. */
export class ChildProgress {
  private readonly lanes = new Map<string, Lane>()

  /** Whether an event of a child can change what its `task` call shows (cheap: checked before any lookup). */
  static shows(event: SessionEvent): boolean {
    return event.type === 'tool/call' || (event.type === 'assistant/message' && !!event.data.text)
  }

  /** The `tool_call_update` a child's event makes on the call it runs under, if it shows anything. */
  update(event: SessionEvent, callId: string, tools: ToolLookup): SessionUpdate | undefined {
    const lane = this.lanes.get(callId) ?? { titles: [], latest: '' }
    this.lanes.set(callId, lane)
    if (event.type === 'tool/call') {
      const parsed = argumentsOf(event.data)
      const tool = tools(event.data.name)
      lane.titles.push(tool && 'args' in parsed ? tool.title(parsed.args) : event.data.name)
    } else if (event.type === 'assistant/message' && event.data.text) lane.latest = event.data.text
    else return undefined
    return { sessionUpdate: 'tool_call_update', toolCallId: callId, status: 'in_progress', content: contentOf(lane) }
  }
}

function contentOf(lane: Lane): ToolCallContent[] {
  const lines = [...lane.titles.map((title) => `→ ${title}`), ...(lane.latest ? [lane.latest] : [])]
  return lines.map((text) => ({ type: 'content', content: { type: 'text', text } }))
}

/**
 * Where a permission request goes out: for a subagent's call, without the capability, under the
 * parent's session and on the `task` call the editor shows (the title names the child and its tool).
 */
export function permissionTarget(
  request: Pick<PermissionRequest, 'sessionId' | 'callId' | 'via' | 'child'>,
  title: string,
  subagents: boolean,
): { sessionId: string; toolCallId: string; title: string } {
  if (!request.via || subagents) return { sessionId: request.sessionId, toolCallId: request.callId, title }
  const child = request.child?.title ?? 'task'
  return { sessionId: request.via.sessionId, toolCallId: request.via.callId, title: `[subagent: ${child}] ${title}` }
}
