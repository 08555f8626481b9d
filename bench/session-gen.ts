// Synthetic session logs for the scaling benchmark, built in memory. Pure.
// Each turn is shaped like a recorded text turn (docs/design.md §5): user/message, turn/start,
// step/start, request/header (first turn only, as the agent writes it), N text deltas,
// usage, finish, assistant/message, step/end, turn/end. The log is a normalized fixture
// (no seq/time, `{{…}}` tokens), so replay's drift check passes when the same prompts are sent.
import type { StreamChunk } from '../plugins/llm/types.ts'
import type { LoggedEvent, LoggedHeader } from '../plugins/session/log-format.ts'
import { serializeSessionLog } from '../plugins/session/log-format.ts'
import { callsBefore } from './call-shapes.ts'

export interface SessionShape {
  /** 0 gives a header-only log: a replay fixture with nothing to serve. */
  turns: number
  /** Text deltas per turn (each turn also gets a usage and a finish chunk). */
  chunksPerTurn: number
  /**
   * The request/header's system prompt and tool schemas; default the fixture tokens `{{system}}` / `{{tools}}` (a live
   * log carries the real ones).
   */
  request?: { system: string; tools: unknown[] }
  /**
   * Calls beyond one per step (issue 37 item 7, call-shapes.ts): this many turns' calls fail once
   * (HTTP 503) and are answered by their retry, and this many turns start with a compaction. Every
   * call then has its `model/request` record, as the agent writes it.
   */
  calls?: { retried: number; compactions: number }
}

export interface GeneratedSession {
  header: LoggedHeader
  events: LoggedEvent[]
  /** The user's prompt of each turn, in order (what a driver must send to avoid drift). */
  prompts: string[]
}

const WORDS = ['alpha ', 'beta ', 'gamma ', 'delta ', 'epsilon ', 'zeta ', 'eta ', 'theta ']

/** A short, token-sized delta; deterministic so every run replays the same bytes. */
function deltaText(index: number): string {
  return WORDS[index % WORDS.length] ?? ''
}

export function promptFor(turn: number): string {
  return `Turn ${turn}: keep talking.`
}

export function generateSession(shape: SessionShape): GeneratedSession {
  if (!Number.isInteger(shape.turns) || shape.turns < 0)
    throw new Error(`turns must be a non-negative integer, got ${shape.turns}`)
  if (!Number.isInteger(shape.chunksPerTurn) || shape.chunksPerTurn < 0)
    throw new Error(`chunksPerTurn must be a non-negative integer, got ${shape.chunksPerTurn}`)
  const header: LoggedHeader = { type: 'session', version: 1, id: '{{session:1}}', createdAt: 0, cwd: '{{cwd}}' }
  const events: LoggedEvent[] = []
  const prompts: string[] = []
  let message = 0
  const push = (type: LoggedEvent['type'], data: object) => events.push({ type, data } as LoggedEvent)
  for (let turn = 1; turn <= shape.turns; turn++) {
    const step = 1
    const prompt = promptFor(turn)
    prompts.push(prompt)
    push('user/message', { turn, messageId: `{{message:${++message}}}`, content: [{ type: 'text', text: prompt }] })
    push('turn/start', { turn })
    push('step/start', { turn, step })
    if (turn === 1)
      push('request/header', {
        turn,
        step,
        model: 'deepseek-chat',
        system: shape.request?.system ?? '{{system}}',
        tools: shape.request?.tools ?? '{{tools}}',
        reason: 'initial',
      })
    const attempt = shape.calls ? callsBefore(push, turn, shape.turns, shape.calls) : 1
    const place = attempt === 1 ? { turn, step } : { turn, step, attempt }
    const parts: string[] = []
    for (let index = 0; index < shape.chunksPerTurn; index++) {
      const text = deltaText(index)
      parts.push(text)
      push('assistant/chunk', { ...place, chunk: { type: 'text-delta', text } satisfies StreamChunk })
    }
    const usage = { inputTokens: 10 * turn, outputTokens: shape.chunksPerTurn, cachedInputTokens: 0 }
    push('assistant/chunk', { ...place, chunk: { type: 'usage', ...usage } satisfies StreamChunk })
    push('assistant/chunk', { ...place, chunk: { type: 'finish', reason: 'stop' } satisfies StreamChunk })
    push('assistant/message', {
      turn,
      step,
      messageId: `{{message:${++message}}}`,
      text: parts.join(''),
      toolCalls: [],
      usage,
    })
    push('step/end', { turn, step })
    push('turn/end', { turn, reason: 'end_turn' })
  }
  return { header, events, prompts }
}

/** The session as JSONL fixture text (header line, one event per line, final newline). */
export function sessionText(session: GeneratedSession): string {
  return serializeSessionLog(session.header, session.events)
}

/** The input.json a driver runs to replay the session: one session, one prompt per turn. */
export function replayInput(session: GeneratedSession) {
  return {
    steps: [
      { op: 'initialize' as const },
      { op: 'newSession' as const, as: 's1' },
      ...session.prompts.map((text) => ({ op: 'prompt' as const, session: 's1', text })),
    ],
    permissions: [],
  }
}
