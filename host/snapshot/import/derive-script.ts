// A session log -> the ACP script that plays it again (input.json). Pure: events in, script out.
// Each user/message is a prompt with its exact content blocks; permission outcomes queue in order;
// mode changes are setMode steps, config changes setConfigOption steps; a slash command (`command/run`)
// is the prompt that ran it, and the events it logged first (`history/clear` of /clear, `mode/change` of
// /mode, `config/change` of /model) are its own, not steps of their own; a cancel, a mode change
// inside a turn, and a session/load after a killed agent are placed where the log shows them, by
// waiting for the event before them.
import type { LoggedEvent } from '../../../plugins/session/log-format.ts'
import { INTERRUPTED_CALL_OUTPUT } from '../../../plugins/agent/interrupted.ts'
import { ImportError } from './import-error.ts'

/** The one session an imported log holds, as the script names it. */
const IMPORTED_SESSION = 's1'
/** The JSON-RPC error a prompt fails with when its turn ends with an error (plugins/acp/bridge.ts). */
const TURN_ERROR_CODE = -32603

type Step = Record<string, unknown>

export interface DerivedScript {
  input: { client?: { terminal: true }; steps: Step[]; permissions: string[] }
  /** What the user should know about the derivation (one sentence each). */
  notes: string[]
}

interface TurnAction {
  /** Index of the event the action happened just before. */
  at: number
  steps: Step[]
}

/**
 * `file` labels errors (the source log). `withChildren` is the session with its subagents' events
 * in place (merge-children.ts): their approvals queue with the session's, in the order asked.
 */
export function deriveScript(
  events: readonly LoggedEvent[],
  file: string,
  withChildren: readonly LoggedEvent[] = events,
): DerivedScript {
  const counts = cumulativeCounts(events)
  const steps: Step[] = [{ op: 'initialize' }, { op: 'newSession', as: IMPORTED_SESSION }]
  const permissions = withChildren.flatMap((event) =>
    event.type === 'permission/outcome'
      ? [event.data.outcome.outcome === 'selected' ? event.data.outcome.kind : 'hold']
      : [],
  )
  const notes: string[] = []
  let turnDone = -1
  for (const [index, event] of events.entries()) {
    if (index <= turnDone) continue
    if (event.type === 'user/message') {
      const end = turnEnd(events, index, file)
      steps.push(...turnSteps(events, index, end, counts, notes))
      turnDone = end
    } else if (event.type === 'command/run') {
      const { name, input } = event.data
      steps.push({ op: 'prompt', session: IMPORTED_SESSION, text: `/${name}${input ? ` ${input}` : ''}` })
    } else if (!byCommand(events, index)) {
      const step = settingStep(event)
      if (step) steps.push(step)
    }
  }
  const terminal = events.some((event) => event.type === 'tool/update' && event.data.display.terminalId)
  return { input: { ...(terminal ? { client: { terminal: true as const } } : {}), steps, permissions }, notes }
}

/** The events a slash command logs before its `command/run`: its effect, not a step of its own. */
const COMMAND_EFFECTS: ReadonlySet<string> = new Set(['mode/change', 'config/change', 'history/clear'])

/** True when the event at `index` is the effect of a slash command logged right after it. */
function byCommand(events: readonly LoggedEvent[], index: number): boolean {
  for (const [, event] of between(events, index, events.length)) {
    if (event.type === 'command/run') return true
    if (!COMMAND_EFFECTS.has(event.type)) return false
  }
  return false
}

/** A change the client made between turns, as the step that makes it; undefined for anything else. */
function settingStep(event: LoggedEvent): Step | undefined {
  if (event.type === 'mode/change') return { op: 'setMode', session: IMPORTED_SESSION, mode: event.data.modeId }
  if (event.type === 'config/change') {
    const { configId, value } = event.data
    return { op: 'setConfigOption', session: IMPORTED_SESSION, configId, value }
  }
  return undefined
}

/** For each event, how many events of its type the log holds up to and including it (what waitFor counts). */
function cumulativeCounts(events: readonly LoggedEvent[]): number[] {
  const seen = new Map<string, number>()
  return events.map((event) => {
    const count = (seen.get(event.type) ?? 0) + 1
    seen.set(event.type, count)
    return count
  })
}

function turnEnd(events: readonly LoggedEvent[], start: number, file: string): number {
  const turn = (events[start] as LoggedEvent<'user/message'>).data.turn
  for (const [index, event] of between(events, start + 1, events.length)) {
    if (event.type === 'turn/end' && event.data.turn === turn) return index
    if (event.type === 'user/message') break
  }
  throw new ImportError(
    'IMPORT_BAD_LOG',
    `${file}: turn ${turn} never ended (the agent stopped mid-turn and the session was not loaded since); ` +
      'load it once in dsh (session/load closes the turn in the log), then import it again',
  )
}

function turnSteps(
  events: readonly LoggedEvent[],
  start: number,
  end: number,
  counts: readonly number[],
  notes: string[],
): Step[] {
  const message = events[start] as LoggedEvent<'user/message'>
  const turnEndEvent = events[end] as LoggedEvent<'turn/end'>
  const actions: TurnAction[] = []
  for (const [index, event] of between(events, start + 1, end)) {
    if (event.type === 'mode/change')
      actions.push({ at: index, steps: [{ op: 'setMode', session: IMPORTED_SESSION, mode: event.data.modeId }] })
  }
  const interrupted = turnEndEvent.data.reason === 'cancelled' && wasInterrupted(events, start, end)
  if (turnEndEvent.data.reason === 'cancelled') {
    actions.push({ at: cancelPoint(events, start, end), steps: [{ op: 'cancel', session: IMPORTED_SESSION }] })
    if (interrupted) {
      actions.push({ at: end + 1, steps: [{ op: 'loadSession', session: IMPORTED_SESSION }] })
      notes.push(
        `turn ${message.data.turn} was cut off by a stopped agent and closed by a later session/load; the script ` +
          'cancels it at the same point and then loads the session (a scenario cannot stop the agent), so the ' +
          'closing events of that turn differ from the log',
      )
    }
  }
  const prompt: Step = { op: 'prompt', session: IMPORTED_SESSION, content: message.data.content }
  if (turnEndEvent.data.reason === 'error') prompt.expectError = { code: TURN_ERROR_CODE }
  const inTurn = actions.filter((action) => action.at <= end)
  const after = actions.filter((action) => action.at > end).flatMap((action) => action.steps)
  if (!inTurn.length) return [prompt, ...after]
  const name = `turn${message.data.turn}`
  const steps: Step[] = [{ ...prompt, background: true, as: name }]
  for (const action of inTurn.sort((a, b) => a.at - b.at)) {
    // An action's place is after an event of the turn (at > start), so both exist.
    const [anchor, count] = [events[action.at - 1], counts[action.at - 1]]
    if (anchor === undefined || count === undefined) throw new Error(`derive-script: no event before ${action.at}`)
    steps.push({ op: 'waitFor', event: anchor.type, session: IMPORTED_SESSION, ...(count > 1 ? { count } : {}) })
    steps.push(...action.steps)
  }
  return [...steps, { op: 'await', prompt: name }, ...after]
}

/** The index of the first event the cancel caused in the turn's last step; the cancel came just before it. */
function cancelPoint(events: readonly LoggedEvent[], start: number, end: number): number {
  let from = start
  for (let index = end; index > start; index--)
    if (events[index]?.type === 'step/start') {
      from = index
      break
    }
  const running = new Set<string>()
  for (const [index, event] of between(events, from, end)) {
    if (event.type === 'tool/start') running.add(event.data.callId)
    if (event.type === 'assistant/chunk' && event.data.chunk.type === 'finish' && event.data.chunk.reason === 'aborted')
      return index
    if (event.type === 'permission/outcome' && event.data.outcome.outcome === 'cancelled') return index
    if (event.type === 'tool/result') {
      const { callId, isError, output } = event.data
      if ((isError && running.has(callId)) || output === INTERRUPTED_CALL_OUTPUT || output.startsWith('Cancelled: '))
        return index
    }
  }
  // Nothing in the step answered the cancel: it came between steps (or the agent stopped there).
  return events[end - 1]?.type === 'step/end' ? end - 1 : end
}

/** A turn a stopped agent left open and session/load closed (plugins/agent/interrupted.ts). */
function wasInterrupted(events: readonly LoggedEvent[], start: number, end: number): boolean {
  let stepOpen = false
  let streamEnded = false
  for (const [, event] of between(events, start + 1, end)) {
    if (event.type === 'tool/result' && event.data.output === INTERRUPTED_CALL_OUTPUT) return true
    if (event.type === 'step/start') {
      stepOpen = true
      streamEnded = false
    }
    if (event.type === 'assistant/message') streamEnded = true
    if (event.type === 'assistant/chunk' && event.data.chunk.type === 'finish') streamEnded = true
  }
  return stepOpen && !streamEnded
}

/** The events from `from` up to (not including) `to`, each with its index in `events`; lazy, no copy. */
function* between(events: readonly LoggedEvent[], from: number, to: number): Generator<[number, LoggedEvent]> {
  for (let index = from; index < to; index++) {
    const event = events[index]
    if (event === undefined) return
    yield [index, event]
  }
}
