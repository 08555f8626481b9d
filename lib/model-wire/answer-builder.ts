// A live answer gathered piece by piece as a wire streamed it (<wire>/answer.ts read the events),
// then made the model.yml `reply` item a recording keeps (recording.ts). Pure.
import type { ModelScriptItem, ReplyItem } from './model-script.ts'
import type { ReplyPieces } from './reply-pieces.ts'
import { AnswerParseError } from './sse-events.ts'

type FinishReason = NonNullable<ReplyItem['finishReason']>

interface CallParts {
  id?: string
  name: string
  arguments: string
}

export class AnswerBuilder {
  text = ''
  reasoning = ''
  finishReason?: FinishReason
  model?: string
  private readonly calls = new Map<number | string, CallParts>()
  private readonly pieces: { text: number[]; reasoning: number[] } = { text: [], reasoning: [] }

  /** A piece of the answer's text, as it streamed (its length kept: replay cuts the same way). */
  addText(piece: string): void {
    if (!piece) return
    this.text += piece
    this.pieces.text.push(piece.length)
  }

  addReasoning(piece: string): void {
    if (!piece) return
    this.reasoning += piece
    this.pieces.reasoning.push(piece.length)
  }
  private readonly usage: { input?: number; output?: number; cached?: number } = {}

  /** The call at `key` (a stream index or an item id), created on first sight. */
  call(key: number | string, start: { id?: string; name?: string } = {}): CallParts {
    let call = this.calls.get(key)
    if (!call) {
      call = { name: '', arguments: '' }
      this.calls.set(key, call)
    }
    if (start.id) call.id = start.id
    if (start.name) call.name = start.name
    return call
  }

  /** Token counts the wire reported (a count left undefined keeps what an earlier event said). */
  count(counts: { input?: unknown; output?: unknown; cached?: unknown }): void {
    for (const key of ['input', 'output', 'cached'] as const) {
      const value = counts[key]
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0) this.usage[key] = value
    }
    if (this.usage.cached === 0) delete this.usage.cached // no cache hit is the script's default
  }

  /** The reply item: tool calls without an id the wire gave get `call_<n>`; empty parts left out. */
  item(): ModelScriptItem {
    const unnamed = [...this.calls.keys()].find((key) => !this.calls.get(key)?.name)
    if (unnamed !== undefined) throw new AnswerParseError(`tool call ${unnamed} never says which tool (no name)`)
    const toolCalls = [...this.calls.values()].map((call, index) => ({
      id: call.id || `call_${index + 1}`,
      name: call.name,
      arguments: call.arguments,
    }))
    const reply: ReplyItem = {
      ...(this.reasoning ? { reasoning: this.reasoning } : {}),
      ...(this.text || !toolCalls.length ? { text: this.text } : {}),
      ...(toolCalls.length ? { toolCalls } : {}),
      ...this.piecesField(),
      ...(this.finishReason ? { finishReason: this.finishReason } : {}),
      ...(Object.keys(this.usage).length ? { usage: { ...this.usage } } : {}),
      ...(this.model ? { model: this.model } : {}),
    }
    return { kind: 'reply', value: reply }
  }

  /** The pieces that add up to the text and reasoning (a reader that set them whole keeps none). */
  private piecesField(): { pieces?: ReplyPieces } {
    const sum = (lengths: number[]) => lengths.reduce((total, length) => total + length, 0)
    const pieces: ReplyPieces = {
      ...(this.text && sum(this.pieces.text) === this.text.length ? { text: this.pieces.text } : {}),
      ...(this.reasoning && sum(this.pieces.reasoning) === this.reasoning.length
        ? { reasoning: this.pieces.reasoning }
        : {}),
    }
    return Object.keys(pieces).length ? { pieces } : {}
  }

  /** How many calls so far (the key of a call a wire sends whole). */
  get callCount(): number {
    return this.calls.size
  }
}

/** A record field as an object (or undefined): the wires' JSON is read loosely, field by field. */
export function field(value: unknown, key: string): Record<string, unknown> | undefined {
  const inner = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : undefined
}

/** A list field's object entries. */
export function entries(value: unknown, key: string): Array<Record<string, unknown>> {
  const inner = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  return Array.isArray(inner) ? inner.filter((entry) => entry && typeof entry === 'object') : []
}

/** A string field, or undefined. */
export function text(value: Record<string, unknown> | undefined, key: string): string | undefined {
  const inner = value?.[key]
  return typeof inner === 'string' ? inner : undefined
}
