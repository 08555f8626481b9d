// A turn the agent never finished (it was killed or crashed mid-turn) leaves its log open:
// tool calls without results, which no OpenAI-compatible API accepts as history. On
// session/load the agent closes it with these events (docs/session-recovery.md); a turn a
// storage failure left open is closed the same way by the next prompt (closeUnclosedTurn).
import type { EventData, EventType, SessionEvent } from '../session/events.ts'
import type { TornTail } from '../session/log-format.ts'
import type { SessionStore } from '../session/store.ts'
import { SessionStorageError } from '../session/storage-error.ts'
import type { SessionRuntime } from './session-runtime.ts'
import { type HistoryEvent, INTERRUPTED_CALL_OUTPUT } from '../session/history.ts'
import { plural } from '../../lib/plural.ts'

export { INTERRUPTED_CALL_OUTPUT }

type ClosingEvent = { [K in EventType]: { type: K; data: EventData[K] } }[EventType]

interface OpenCall {
  turn: number
  step: number
  callId: string
  name: string
  arguments: string
  logged: boolean
}

/** Appends a closing event with its type and data still tied together (taking them apart would untie them). */
export function appendClosing<K extends EventType>(
  store: Pick<SessionStore, 'append'>,
  sessionId: string,
  event: { type: K; data: EventData[K] },
): SessionEvent<K> {
  return store.append(sessionId, event.type, event.data)
}

/**
 * The events that close the last turn if it never ended: a `tool/call` for each call the
 * assistant message announced but the log never recorded, a cancelled `permission/outcome`
 * for each question left open, a `tool/result` for each call without one, then `step/end` and
 * `turn/end{reason:'cancelled'}`. Empty when the log ends with a finished turn.
 */
export function closeInterruptedTurn(events: Iterable<HistoryEvent>): ClosingEvent[] {
  const open = openTurn(events)
  return open ? closingEvents(open) : []
}

/** The last turn of a log if it never ended: its step, the calls without a result, the questions left open. */
interface OpenTurn {
  turn: number
  step?: number
  calls: Map<string, OpenCall>
  approvals: Set<string>
}

function openTurn(events: Iterable<HistoryEvent>): OpenTurn | undefined {
  let turn: number | undefined
  let step: number | undefined
  let calls = new Map<string, OpenCall>()
  let approvals = new Set<string>()
  for (const event of events) {
    const data = event.data as Record<string, unknown>
    switch (event.type) {
      case 'turn/start':
        turn = data.turn as number
        step = undefined
        calls = new Map()
        approvals = new Set()
        break
      case 'turn/end':
        turn = undefined
        break
      case 'step/start':
        step = data.step as number
        break
      case 'step/end':
        step = undefined
        break
      case 'assistant/message':
        for (const call of (event.data as EventData['assistant/message']).toolCalls) {
          const at = { turn: data.turn as number, step: data.step as number }
          calls.set(call.id, { ...at, callId: call.id, name: call.name, arguments: call.arguments, logged: false })
        }
        break
      case 'tool/call': {
        const call = calls.get(data.callId as string)
        if (call) call.logged = true
        break
      }
      case 'permission/request':
        approvals.add(data.approvalId as string)
        break
      case 'permission/outcome':
        approvals.delete(data.approvalId as string)
        break
      case 'tool/result':
        calls.delete(data.callId as string)
        break
    }
  }
  return turn === undefined ? undefined : { turn, step, calls, approvals }
}

function closingEvents({ turn, step, calls, approvals }: OpenTurn): ClosingEvent[] {
  const closing: ClosingEvent[] = []
  for (const call of calls.values()) {
    if (call.logged) continue
    const { turn: callTurn, step: callStep, callId, name } = call
    closing.push({
      type: 'tool/call',
      data: { turn: callTurn, step: callStep, callId, name, arguments: call.arguments },
    })
  }
  for (const approvalId of approvals) {
    closing.push({ type: 'permission/outcome', data: { approvalId, outcome: { outcome: 'cancelled' } } })
  }
  for (const { turn: callTurn, step: callStep, callId } of calls.values()) {
    closing.push({
      type: 'tool/result',
      data: { turn: callTurn, step: callStep, callId, output: INTERRUPTED_CALL_OUTPUT, isError: true },
    })
  }
  if (step !== undefined) closing.push({ type: 'step/end', data: { turn, step } })
  closing.push({ type: 'turn/end', data: { turn, reason: 'cancelled' } })
  return closing
}

/**
 * Writes the ending of a turn the log could not close (`runtime.unclosed`, set on a storage
 * failure), folding each event into the history. Throws the SessionStorageError of the first
 * event that still cannot be written; what was written counts, so a later call goes on from there.
 */
export function closeUnclosedTurn(runtime: SessionRuntime, store: Pick<SessionStore, 'append'>): void {
  const open = runtime.unclosed
  if (!open) return
  for (const closing of closeInterruptedTurn(open)) {
    const event = appendClosing(store, runtime.header.id, closing)
    runtime.history.add(event)
    open.push(event)
  }
  runtime.unclosed = undefined
}

/** The one warning for a half-written last line session/load cut off: where, how long, how it began. */
export function describeTornTail(sessionId: string, tail: TornTail): string {
  const bytes = Buffer.byteLength(tail.text)
  const start = JSON.stringify(tail.text.slice(0, 60))
  return (
    `session ${sessionId}: dropped the half-written last line ${tail.line} of its log ` +
    `(${plural(bytes, 'byte')}, starting ${start}); ` +
    'an agent was killed while writing it, so it was never part of the session'
  )
}

/** A turn a storage failure left open is closed before the next one: no request carries it open. */
export function closePreviousTurn(runtime: SessionRuntime, sessions: SessionStore): void {
  try {
    closeUnclosedTurn(runtime, sessions)
  } catch (error) {
    if (!(error instanceof SessionStorageError)) throw error
    throw new SessionStorageError(
      `session storage failed: turn ${runtime.turn} of session ${runtime.header.id} is still open and its ending ` +
        `cannot be written (${error.message}); nothing was sent to the model. Free disk space or put the log ` +
        'back, then prompt again',
    )
  }
}
