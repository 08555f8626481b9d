// Fold a model stream into the assistant message it amounts to (pure).
import type { FinishReason, StreamChunk, StreamError, ToolCall } from '../llm/types.ts'
import type { Usage } from '../session/events.ts'

export interface AssistantDraft {
  text: string
  reasoning: string
  /** Indexed by the model's tool-call index; deltas of several calls may interleave. */
  calls: Map<number, { id?: string; name: string; arguments: string }>
  usage?: Usage
  finish?: { reason: FinishReason; error?: StreamError }
}

export function emptyDraft(): AssistantDraft {
  return { text: '', reasoning: '', calls: new Map() }
}

export function applyChunk(draft: AssistantDraft, chunk: StreamChunk): void {
  switch (chunk.type) {
    case 'text-delta':
      draft.text += chunk.text
      break
    case 'reasoning-delta':
      draft.reasoning += chunk.text
      break
    case 'tool-call-delta': {
      const call = draft.calls.get(chunk.index) ?? { name: '', arguments: '' }
      if (chunk.id) call.id = chunk.id
      if (chunk.name) call.name += chunk.name
      call.arguments += chunk.argumentsDelta
      draft.calls.set(chunk.index, call)
      break
    }
    case 'usage': {
      const usage: Usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens }
      if (chunk.cachedInputTokens !== undefined) usage.cachedInputTokens = chunk.cachedInputTokens
      draft.usage = usage
      break
    }
    case 'finish':
      draft.finish = chunk.error ? { reason: chunk.reason, error: chunk.error } : { reason: chunk.reason }
      break
  }
}

/** Tool calls in index order; a call the model sent without an id gets a stable one. */
export function toolCallsOf(draft: AssistantDraft, turn: number, step: number): ToolCall[] {
  return [...draft.calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({
      id: call.id ?? `call_${turn}_${step}_${index}`,
      name: call.name,
      arguments: call.arguments,
    }))
}
