// Where session/fork cuts the parent's log (docs/fork.md). Pure: the parent's events up to the end of a
// finished turn (the last one by default), without what belonged to the parent's calls and connection
// (its model calls' records, its MCP servers, its directories, its resumes).
import type { SessionEvent } from '../session/events.ts'
import { AgentRequestError } from './request-error.ts'

/**
 * Not copied: the parent's model calls stay its own (replay binds the fork's calls by the fork's own
 * identity), and what was true of the parent's connection (servers, directories, resumes) is not the fork's.
 */
const NOT_COPIED: ReadonlySet<string> = new Set([
  'model/request',
  'assistant/chunk',
  'model/retry',
  'notice',
  'mcp/server',
  'mcp/failure',
  'session/directories',
  'session/resume',
  'session/close',
])

interface ForkCut {
  /** The parent's last turn the fork holds (0: none). */
  turn: number
  /** The seq of the parent's last event taken (0: none). */
  seq: number
  copied: SessionEvent[]
}

/**
 * The parent's history up to the end of `turn` (default: its last finished turn): every event before
 * the prompt of the next turn, less those NOT_COPIED. A turn still running, or not there, is past the
 * end: a named refusal saying which turns can be forked at.
 */
export function cutForFork(parentId: string, events: readonly SessionEvent[], turn?: number): ForkCut {
  const finished = events.reduce((last, e) => (e.type === 'turn/end' ? Math.max(last, e.data.turn) : last), 0)
  const at = turn ?? finished
  if (!Number.isInteger(at) || at < 0 || at > finished) {
    const running = events.some((e) => e.type === 'turn/start' && e.data.turn > finished)
    throw new AgentRequestError(
      `session/fork: turn ${at} is past the end of session "${parentId}", whose last finished turn is ${finished}; ` +
        `fork at a turn from 0 to ${finished}, or send no turn to fork at its end` +
        (running ? ` (turn ${finished + 1} is still running: fork after it once it ends)` : ''),
      'fork-point',
    )
  }
  const next = events.findIndex((e) => e.type === 'user/message' && e.data.turn > at)
  const taken = next === -1 ? events : events.slice(0, next)
  const copied = taken.filter((event) => !NOT_COPIED.has(event.type))
  return { turn: at, seq: taken.at(-1)?.seq ?? 0, copied }
}
