// Compaction (issue 37 item 3, docs/compaction.md): when a request would take more than the configured
// fraction of the model's context window, or on `/compact`, the history is summarised by a model call
// of purpose `compaction`, and the log records the boundary (`compaction/end`), so session/load
// restores the compacted history. A summary call that fails leaves the history as it was.
import type { LlmService } from '../llm/index.ts'
import type { Message, ToolSchema } from '../llm/types.ts'
import type { EventData, EventType, SessionEvent } from '../session/events.ts'
import { compactionIdOf } from '../session/history.ts'
import { applyChunk, emptyDraft } from './assistant-message.ts'
import type { AgentConfig } from './config.ts'
import type { SessionRuntime } from './session-runtime.ts'

const COMPACTION_PURPOSE = 'compaction'

/** The system prompt of a summary call (the history itself goes as the messages, unchanged). */
const COMPACTION_SYSTEM = [
  'Summarise the conversation so far for yourself, to continue it without the full history.',
  'Keep every fact, file path, decision and open task that later turns may need; drop chatter.',
  'Answer with the summary only.',
].join('\n')

/** What a compaction needs: the session, how to log, the model and the turn's signal (a Turn fits). */
interface CompactionHost {
  sessionId: string
  runtime: SessionRuntime
  llm: Pick<LlmService, 'stream'>
  config: AgentConfig
  signal: AbortSignal
  append<K extends EventType>(type: K, data: EventData[K]): SessionEvent<K>
}

interface CompactionPlace {
  turn: number
  /** The step the compaction precedes; 0 for `/compact` between turns. */
  step: number
  trigger: 'auto' | 'command'
  /** Messages at the end of the history kept as they are (the running turn's, for an automatic one). */
  keep: number
}

type CompactionResult = { ok: true; summary: string } | { ok: false; status: 'failed' | 'cancelled'; error: string }

/** Summarise the history; on success the logged boundary has already replaced it in `runtime.history`. */
export async function compact(host: CompactionHost, place: CompactionPlace): Promise<CompactionResult> {
  const { turn, step, trigger } = place
  const compactionId = compactionIdOf(turn, step)
  host.append('compaction/start', { compactionId, turn, step, trigger })
  const call = { turn, step, attempt: 1, purpose: COMPACTION_PURPOSE }
  host.append('model/request', { ...call, maxTokens: null })
  const draft = emptyDraft()
  const stream = host.llm.stream({
    sessionId: host.sessionId,
    ...call,
    model: host.runtime.model,
    system: COMPACTION_SYSTEM,
    messages: host.runtime.history.snapshot(),
    tools: [],
    signal: host.signal,
  })
  for await (const chunk of stream) {
    host.append('assistant/chunk', { turn, step, purpose: COMPACTION_PURPOSE, chunk })
    applyChunk(draft, chunk)
  }
  const finish = draft.finish
  if (finish?.reason !== 'stop' || !draft.text.trim()) {
    const status = finish?.reason === 'aborted' ? 'cancelled' : 'failed'
    const error =
      status === 'cancelled'
        ? 'the compaction was cancelled; the history is as it was'
        : `the summary call failed (${finish?.error?.code ?? finish?.reason ?? 'no finish'}: ` +
          `${finish?.error?.message ?? 'no summary text'}); the history is as it was`
    host.append('compaction/end', { compactionId, status, error })
    return { ok: false, status, error }
  }
  host.append('compaction/end', { compactionId, status: 'completed', summary: draft.text, keep: place.keep })
  return { ok: true, summary: draft.text }
}

/** A request's size in tokens, estimated as characters / 4 (deterministic: live and replay agree). */
export function estimateTokens(system: string, tools: readonly ToolSchema[], messages: readonly Message[]): number {
  let characters = system.length + JSON.stringify(tools).length
  for (const message of messages) characters += JSON.stringify(message).length
  return Math.ceil(characters / 4)
}

/** The messages of the running turn: from its user message (the last one) to the end. */
function runningTurnMessages(messages: readonly Message[]): number {
  const start = messages.findLastIndex((message) => message.role === 'user')
  return start < 0 ? 0 : messages.length - start
}

/**
 * The messages an automatic compaction keeps: the running turn's; when the running turn is all the
 * history holds (a subagent's one turn, a long first turn), its last step's (the last assistant message
 * and the tool results after it), so the earlier steps and the prompt are summarised, once there is an
 * earlier step. All of them (nothing to summarise) otherwise.
 */
export function keptByCompaction(messages: readonly Message[]): number {
  const running = runningTurnMessages(messages)
  if (running < messages.length) return running
  const last = messages.findLastIndex((message) => message.role === 'assistant')
  const earlierStep = messages.slice(0, Math.max(last, 0)).some((message) => message.role === 'assistant')
  return earlierStep ? messages.length - last : messages.length
}

/** The model's window: the adapter's when it declares one, else the agent config's. */
export function contextWindow(llm: Partial<Pick<LlmService, 'contextWindow'>>, model: string, config: AgentConfig) {
  return llm.contextWindow?.(model) ?? config.contextWindow
}
