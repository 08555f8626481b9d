// A turn's stop reason as the exit code of `dsh prompt` and a line that names it (pure).
import type { StopReason } from '@agentclientprotocol/sdk'

/**
 * docs/cli.md's exit codes: 0 for a finished answer, 1 for a turn that ended otherwise (stderr names
 * the stop reason), 130 for one cancelled by Ctrl-C, as for any command a SIGINT interrupts.
 */
const EXIT_CODES: Record<StopReason, number> = {
  end_turn: 0,
  max_tokens: 1,
  max_turn_requests: 1,
  refusal: 1,
  cancelled: 130,
}

const MEANING: Record<StopReason, string> = {
  end_turn: 'the answer is complete',
  max_tokens: 'the model reached its output token limit',
  max_turn_requests: 'the turn reached its limit of model requests',
  refusal: 'the model refused',
  cancelled: 'the turn was cancelled',
}

export function exitCodeFor(stopReason: StopReason): number {
  return EXIT_CODES[stopReason] ?? 1
}

/** Undefined for end_turn (nothing to say); else e.g. `dsh prompt: the turn ended max_tokens (…)`. */
export function outcomeLine(command: string, stopReason: StopReason): string | undefined {
  if (stopReason === 'end_turn') return undefined
  return `dsh ${command}: the turn ended ${stopReason} (${MEANING[stopReason] ?? 'an unknown stop reason'})`
}
