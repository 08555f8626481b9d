// Session modes (ACP `session/set_mode`): which tools the model is offered and which calls
// run without asking. The policy lives here; the log keeps the choice (`mode/change`).
import type { SessionEvent } from '../session/events.ts'
import type { Tool } from '../tools/types.ts'

export const MODE_IDS = ['ask', 'auto-edit', 'read-only'] as const
export type ModeId = (typeof MODE_IDS)[number]

/** A session starts here; the log records only changes, so a log without `mode/change` is in this mode. */
export const DEFAULT_MODE: ModeId = 'ask'

/** ACP `SessionMode`s, in the order the editor lists them. */
export const SESSION_MODES: ReadonlyArray<{ id: ModeId; name: string; description: string }> = [
  { id: 'ask', name: 'Ask', description: 'Ask before every file edit and every command.' },
  { id: 'auto-edit', name: 'Auto-edit', description: 'Edit files without asking; ask before commands.' },
  { id: 'read-only', name: 'Read-only', description: 'Only read tools are offered; nothing is changed.' },
]

export const isModeId = (value: string): value is ModeId => (MODE_IDS as readonly string[]).includes(value)

/** Kinds that only look (and `think`: the todo plan, which changes nothing): all read-only mode offers. */
const READ_KINDS = new Set<string>(['read', 'search', 'think'])
/** Kinds that change files: auto-edit runs them without asking. */
const FILE_EDIT_KINDS = new Set<string>(['edit', 'delete', 'move'])

/** The tools the model is offered in a mode, in registry order. */
export function offeredTools(tools: readonly Tool[], mode: ModeId): Tool[] {
  return mode === 'read-only' ? tools.filter((tool) => READ_KINDS.has(tool.kind) || tool.inheritsMode) : [...tools]
}

/** Whether the mode itself approves a call that would otherwise ask. */
export function modeApproves(tool: Tool, mode: ModeId): boolean {
  return mode === 'auto-edit' && FILE_EDIT_KINDS.has(tool.kind)
}

/**
 * The result for a call to a registered tool the session does not offer (a model that remembers
 * it). Only read-only mode hides tools; in the other modes the session is a subagent, offered the
 * tools its task call named.
 */
export function refusedByMode(name: string, mode: ModeId): string {
  if (mode !== 'read-only')
    return (
      `Refused: "${name}" is not among this subagent's tools: it has only the tools its task call named ` +
      '(by default the read-only tools and bash). Do the rest with those, or say in your answer what is left to do.'
    )
  return (
    `Refused: "${name}" is not available in ${mode} mode, which offers only read tools. ` +
    'Tell the user what you would change; they can switch the mode.'
  )
}

/** The mode a persisted log leaves the session in: its last `mode/change`, else the default. */
export function modeOfLog(events: readonly Pick<SessionEvent, 'type' | 'data'>[]): ModeId {
  let mode: ModeId = DEFAULT_MODE
  for (const event of events) {
    if (event.type !== 'mode/change') continue
    const { modeId } = event.data as SessionEvent<'mode/change'>['data']
    if (isModeId(modeId)) mode = modeId
  }
  return mode
}
