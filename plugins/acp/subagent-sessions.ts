// How subagents (plugins/subagents) show on the wire for a client that advertises the unstable
// `subagents` capability (ACP SDK 2.4, `SubagentCapabilities`): each child is announced with a
// `subagent_update` under its parent's session before any of its own traffic, its own updates go out
// under its own session id, and its state follows it (running, requires_action while a question of
// it waits, idle with the stop reason when its turn ends). The contract is the SDK's unstable schema. Pure.
import type { ClientCapabilities, SessionUpdate, StateUpdate } from '@agentclientprotocol/sdk/unstable'
import type { SessionEvent } from '../session/events.ts'
import { titleFromContent } from '../session/summaries.ts'
import { liveUpdates, type ToolLookup, userChunks } from './projection.ts'
import { modelError } from './request-errors.ts'

/** A live child as the agent knows it: where it was spawned and what its `task` asked. */
export interface ChildInfo {
  sessionId: string
  parentSession: string
  parentCallId: string
  title: string
  prompt: string
}

/** One notification to send: a `session/update` of `sessionId`. */
interface Addressed {
  sessionId: string
  update: SessionUpdate
}

/** The `_meta` key of an announcement naming the parent's `task` call (clients may tie the child to it). */
const SPAWNING_CALL_META = 'dsh/toolCallId'

const DESCRIPTION_LIMIT = 200

/** Whether the client's `initialize` advertised the unstable `subagents` capability (`{}` or any object). */
export function takesSubagentSessions(capabilities: ClientCapabilities | undefined): boolean {
  return capabilities?.subagents != null
}

/** The children a connection has announced, and what each child's event sends. */
export class ChildSessions {
  private readonly announced = new Set<string>()

  /** A child's event → its announcement (the first time), its state change, its own updates, in wire order. */
  updates(event: SessionEvent, child: ChildInfo, tools: ToolLookup, messageId?: string): Addressed[] {
    const out: Addressed[] = []
    if (!this.announced.has(child.sessionId)) {
      this.announced.add(child.sessionId)
      out.push({ sessionId: child.parentSession, update: announcement(child) })
    }
    const state = stateAfter(event)
    // A question goes out after its state says so; a turn's last words before its idle state.
    if (state?.state === 'requires_action') out.push(stateUpdate(child, state))
    for (const update of ownUpdates(event, tools, messageId)) out.push({ sessionId: child.sessionId, update })
    if (state && state.state !== 'requires_action') out.push(stateUpdate(child, state))
    return out
  }
}

function announcement(child: ChildInfo): SessionUpdate {
  return {
    sessionUpdate: 'subagent_update',
    sessionId: child.sessionId,
    title: child.title,
    description: describe(child.prompt),
    state: { state: 'running' },
    _meta: { [SPAWNING_CALL_META]: child.parentCallId },
  }
}

/** The prompt's first line, shortened: display metadata, not the instructions themselves. */
function describe(prompt: string): string {
  return titleFromContent([{ type: 'text', text: prompt }], DESCRIPTION_LIMIT) ?? ''
}

function stateUpdate(child: ChildInfo, state: StateUpdate): Addressed {
  return {
    sessionId: child.parentSession,
    update: { sessionUpdate: 'subagent_update', sessionId: child.sessionId, state },
  }
}

/** The state a child's event moves it to, if any. */
function stateAfter(event: SessionEvent): StateUpdate | undefined {
  switch (event.type) {
    case 'permission/request':
      return { state: 'requires_action' }
    case 'permission/outcome':
      return { state: 'running' }
    case 'turn/end': {
      const { reason, error } = event.data
      if (reason !== 'error') return { state: 'idle', stopReason: reason }
      // The same error the parent's session/prompt would answer with.
      const { code, message, data } = modelError(error ?? { code: 'UNKNOWN', message: 'the model failed' })
      return { state: 'idle', stopReason: 'error', error: { code, message, data } }
    }
    default:
      return undefined
  }
}

/** The child's own updates: what its parent's would be, and its prompt (the client did not send it). */
function ownUpdates(event: SessionEvent, tools: ToolLookup, messageId: string | undefined): SessionUpdate[] {
  if (event.type === 'user/message') return userChunks(event.data) as SessionUpdate[]
  return liveUpdates(event, tools, { messageId }) as SessionUpdate[]
}
