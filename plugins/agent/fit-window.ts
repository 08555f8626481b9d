// Before each model call of a turn: a request past the compaction threshold compacts the history
// first (docs/compaction.md); one that still does not fit the context window ends the turn with the
// named error CONTEXT_OVERFLOW instead of a provider 400.
import { untraced } from '../config/cordis-compat.ts'
import { compact, contextWindow, estimateTokens, keptByCompaction } from './compaction.ts'
import type { RequestHeader } from './session-runtime.ts'
import type { Turn } from './turn-state.ts'
import type { StreamError } from '../llm/types.ts'
import type { TurnEndReason } from '../session/events.ts'

export async function fitWindow(
  turn: Turn,
  step: number,
  header: RequestHeader,
): Promise<{ reason: TurnEndReason; error?: StreamError } | undefined> {
  // A read, past Cordis's tracing proxy (the turn streams through it): each step asks.
  const window = contextWindow(untraced(turn.llm), header.model, turn.config)
  const size = () => estimateTokens(header.system, header.tools, turn.history.messages)
  if (size() <= turn.config.compaction.threshold * window) return undefined
  const keep = keptByCompaction(turn.history.messages)
  // What came before the running turn is summarised, else the running turn's earlier steps (a subagent's
  // one turn); a prompt that alone is too big cannot shrink.
  if (keep < turn.history.messages.length) {
    const result = await compact(turn, { turn: turn.number, step, trigger: 'auto', keep })
    if (!result.ok && result.status === 'cancelled') return { reason: 'cancelled' }
  }
  const now = size()
  if (now <= window) return undefined
  return {
    reason: 'error',
    error: {
      code: 'CONTEXT_OVERFLOW',
      message:
        `turn ${turn.number} step ${step} of session ${turn.sessionId}: the request takes about ${now} tokens ` +
        `(characters / 4) but the context window of model "${header.model}" is ${window}, even after compaction; ` +
        'shorten the prompt, or start a new session',
    },
  }
}
