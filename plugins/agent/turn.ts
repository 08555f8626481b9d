// One prompt turn: steps of model call → assistant message → tools, until the model stops.
import { randomUUID } from 'node:crypto'
import type { ContentBlock } from '@agentclientprotocol/sdk'
import type { StreamError } from '../llm/types.ts'
import type { TurnEndReason } from '../session/events.ts'
import { SessionStorageError } from '../session/storage-error.ts'
import { toolCallsOf } from './assistant-message.ts'
import { fitWindow } from './fit-window.ts'
import { callModel } from './model-call.ts'
import { closeUnclosedTurn } from './interrupted.ts'
import { instructionsRecord, readInstructions, sameInstructions, withInstructions } from './project-instructions.ts'
import { sameHeader, type RequestHeader } from './session-runtime.ts'
import { runToolCalls } from './tool-calls.ts'
import type { Turn } from './turn-state.ts'
import { redactPrompt } from './held-secrets.ts'

export interface TurnOutcome {
  reason: TurnEndReason
  error?: StreamError
}

/**
 * Runs one prompt. A log that cannot be written (disk full, log moved away) ends the turn as a
 * SessionStorageError, never as a model error: what was logged is closed as far as the log
 * takes it, and what it does not take is closed by the next prompt (docs/session-recovery.md).
 */
export async function runTurn(turn: Turn, content: ContentBlock[]): Promise<TurnOutcome> {
  try {
    turn.instructions = await readInstructions(turn.cwd, turn.config.instructions, () => turn.hidden ?? [])
  } catch (error) {
    // Refused before anything was logged: the turn's number is free for the next prompt.
    turn.runtime.turn--
    throw error
  }
  try {
    return await runLoggedTurn(turn, content)
  } catch (error) {
    if (!(error instanceof SessionStorageError)) throw error
    // Not even the prompt reached the log: the turn's number is free for the next prompt.
    if (!turn.logged.length) turn.runtime.turn--
    turn.runtime.unclosed = turn.logged
    let closed = 'its unanswered tool calls are closed as interrupted'
    try {
      closeUnclosedTurn(turn.runtime, turn.store)
    } catch {
      closed = 'the log could not take its ending either: the next prompt writes it first'
    }
    throw new SessionStorageError(
      `session storage failed in turn ${turn.number} of session ${turn.sessionId}: ${error.message}. The turn ` +
        `was ended (${closed}); free disk space or put the log back, then prompt again`,
    )
  }
}

async function runLoggedTurn(turn: Turn, content: ContentBlock[]): Promise<TurnOutcome> {
  const { number } = turn
  turn.append('user/message', { turn: number, messageId: randomUUID(), content: redactPrompt(content, turn.redact) })
  turn.append('turn/start', { turn: number })
  const instructions = instructionsRecord(turn.instructions)
  if (!sameInstructions(turn.runtime.instructions, instructions)) {
    turn.append('project/instructions', instructions)
    turn.runtime.instructions = instructions
  }
  let outcome: TurnOutcome
  try {
    outcome = await runSteps(turn)
  } catch (error) {
    if (error instanceof SessionStorageError) throw error
    // A defect below (a tool or listener that throws) still ends the turn in the log.
    outcome = {
      reason: 'error',
      error: { message: `the agent failed: ${(error as Error)?.message ?? String(error)}`, code: 'INTERNAL' },
    }
  }
  turn.append(
    'turn/end',
    outcome.error
      ? { turn: number, reason: outcome.reason, error: outcome.error }
      : { turn: number, reason: outcome.reason },
  )
  return outcome
}

async function runSteps(turn: Turn): Promise<TurnOutcome> {
  const { number, config, signal } = turn
  for (let step = 1; ; step++) {
    if (signal.aborted) return { reason: 'cancelled' }
    if (step > config.maxStepsPerTurn) return { reason: 'max_turn_requests' }
    turn.append('step/start', { turn: number, step })
    const header = stepHeader(turn, step)
    const unfit = await fitWindow(turn, step, header)
    if (unfit) {
      turn.append('step/end', { turn: number, step })
      return unfit
    }
    const draft = await callModel(turn, step, header)
    const messageId = turn.runtime.messageId as string
    const finish = draft.finish ?? {
      reason: 'error' as const,
      error: { message: 'model stream ended without a finish', code: 'INCOMPLETE_STREAM' },
    }
    const calls = finish.reason === 'tool-calls' ? toolCallsOf(draft, number, step) : []
    turn.append('assistant/message', {
      turn: number,
      step,
      messageId,
      text: draft.text,
      ...(draft.reasoning ? { reasoning: draft.reasoning } : {}),
      toolCalls: calls,
      ...(draft.usage ? { usage: draft.usage } : {}),
    })
    const end = endOfStream(finish)
    if (end) {
      turn.append('step/end', { turn: number, step })
      return end
    }
    const cancelled = await runToolCalls(turn, step, calls)
    turn.append('step/end', { turn: number, step })
    if (cancelled) return { reason: 'cancelled' }
  }
}

/** The step's model, system prompt and tools; logged as `request/header` when they first appear or change. */
function stepHeader(turn: Turn, step: number): RequestHeader {
  const header: RequestHeader = {
    model: turn.runtime.model,
    system: withInstructions(turn.config.systemPrompt, turn.instructions),
    tools: turn.offeredTools().map(({ name, description, parameters }) => ({ name, description, parameters })),
  }
  if (!sameHeader(turn.lastHeader, header)) {
    const reason = turn.lastHeader ? 'change' : 'initial'
    turn.append('request/header', { turn: turn.number, step, ...header, reason })
    turn.lastHeader = header
  }
  return header
}

function endOfStream(finish: { reason: string; error?: StreamError }): TurnOutcome | undefined {
  switch (finish.reason) {
    case 'stop':
      return { reason: 'end_turn' }
    case 'max-tokens':
      return { reason: 'max_tokens' }
    case 'aborted':
      return { reason: 'cancelled' }
    case 'error':
      return { reason: 'error', error: finish.error ?? { message: 'model failed', code: 'UNKNOWN' } }
    default:
      return undefined
  }
}
