// Per-session state the loop needs between turns, rebuilt from the log on session/load.
import type { ToolSchema } from '../llm/types.ts'
import type { EventData, SessionEvent, SessionHeader } from '../session/events.ts'
import { History, type HistoryEvent } from '../session/history.ts'
import { type ModeId, modeOfLog } from './modes.ts'
import type { StandingDecision } from './permission.ts'
import type { PromptClient } from './prompt-client.ts'
import { modelOfLog } from './session-config.ts'
import { directoriesOfLog } from './session-directories.ts'

export interface RequestHeader {
  model: string
  system: string
  tools: ToolSchema[]
}

export interface SessionRuntime {
  header: SessionHeader
  /** The model-visible history, folded event by event as the session appends them. */
  history: History
  /** The last completed or running turn number. */
  turn: number
  lastHeader?: RequestHeader
  /** The session mode (session/set_mode): which tools are offered, which calls ask. */
  mode: ModeId
  /** The model the next request goes to (config option `model`); the agent config's `model` until changed. */
  model: string
  /** Tool name → a remembered `allow_always` / `reject_always` answer. */
  standing: Map<string, StandingDecision>
  /** The running turn, if any: cancel aborts it; a second prompt waits for nothing and is refused. */
  running?: AbortController
  /**
   * The events of a turn the log could not close (a storage failure): the next prompt closes it
   * in the log before anything else, or fails as that storage failure (docs/session-recovery.md).
   */
  unclosed?: HistoryEvent[]
  /** 0 for a session the client opened; a subagent is one deeper than the session that spawned it. */
  depth: number
  /** A subagent's tools (the `task` call's `tools`); absent: every tool the mode offers. */
  allowedTools?: ReadonlySet<string>
  /** A subagent's `task`: its short title and prompt (what a client with the `subagents` capability is told). */
  task?: { title: string; prompt: string }
  /** The running prompt's client: a subagent asks the user through it. */
  client?: PromptClient
  /** The project instructions the log last recorded (which files, their hashes). */
  instructions?: EventData['project/instructions']
  /** The additional directories the file tools reach besides the cwd (ACP `additionalDirectories`). */
  additionalDirectories: readonly string[]
  /** The id of the assistant message the current (or last) step streams: its `assistant/message` carries it. */
  messageId?: string
  /** A plugin's own calls so far, by `turn:purpose` (own-call.ts numbers them). */
  ownCalls: Map<string, number>
}

/** Rebuild runtime state from a persisted log (session/load, also after a restart). */
export function restoreRuntime(
  header: SessionHeader,
  events: readonly SessionEvent[],
  defaultModel: string,
): SessionRuntime {
  const runtime: SessionRuntime = {
    header,
    history: new History(),
    turn: 0,
    mode: modeOfLog(events),
    model: modelOfLog(events, defaultModel),
    standing: new Map(),
    depth: 0,
    additionalDirectories: directoriesOfLog(events),
    ownCalls: new Map(),
  }
  const callTools = new Map<string, string>()
  const approvalTools = new Map<string, string>()
  for (const event of events) {
    runtime.history.add(event)
    switch (event.type) {
      case 'model/request':
        // A plugin's own calls (step 0, not a compaction) so far: the next one of a purpose takes the next attempt.
        if (event.data.step === 0 && event.data.purpose !== 'compaction')
          runtime.ownCalls.set(`${event.data.turn}:${event.data.purpose}`, event.data.attempt)
        break
      case 'turn/start':
        runtime.turn = Math.max(runtime.turn, event.data.turn)
        break
      case 'project/instructions':
        runtime.instructions = event.data
        break
      case 'request/header':
        runtime.lastHeader = { model: event.data.model, system: event.data.system, tools: event.data.tools }
        break
      case 'tool/call':
        callTools.set(event.data.callId, event.data.name)
        break
      case 'permission/request':
        approvalTools.set(event.data.approvalId, event.data.scope ?? callTools.get(event.data.callId) ?? '')
        break
      case 'permission/outcome': {
        const outcome = event.data.outcome
        const tool = approvalTools.get(event.data.approvalId)
        if (
          tool &&
          outcome.outcome === 'selected' &&
          (outcome.kind === 'allow_always' || outcome.kind === 'reject_always')
        ) {
          runtime.standing.set(tool, outcome.kind)
        }
        break
      }
    }
  }
  return runtime
}

export function sameHeader(a: RequestHeader | undefined, b: RequestHeader): boolean {
  return !!a && a.model === b.model && a.system === b.system && toolsText(a.tools) === toolsText(b.tools)
}

/** Each tool list serialized once (a header is never changed once built): the last one is compared at every step. */
const toolsTexts = new WeakMap<ToolSchema[], string>()
function toolsText(tools: ToolSchema[]): string {
  let text = toolsTexts.get(tools)
  if (text === undefined) toolsTexts.set(tools, (text = JSON.stringify(tools)))
  return text
}
