// Turn a recorded session log into the model script replay serves (docs/design.md §6). Pure.
import type { StreamChunk } from '../llm/types.ts'
import type { HistoryEvent } from '../session/history.ts'

/** What one model call returns when replayed. */
export type ReplayEntry =
  | { kind: 'chunks'; chunks: StreamChunk[] }
  | { kind: 'throw'; chunks: StreamChunk[]; message: string; code: string; status?: number }
  /** Serve the prefix chunks, then nothing until the request is cancelled. */
  | { kind: 'hang'; chunks?: StreamChunk[] }

/** A model call's position in the recorded session. */
export interface StepRef {
  turn: number
  step: number
}

/** Where a script entry came from, so errors can point at the line to fix. */
type EntrySource = { from: 'log' } | { from: 'override'; file: string; path: string }

/** One model call of the script: what to serve, and where it was recorded (for drift checks and errors). */
export interface ScriptEntry {
  at: StepRef
  entry: ReplayEntry
  source: EntrySource
  /** The model that served the call (the last `request/header` before it); absent for an override entry. */
  model?: string
}

/**
 * Group `assistant/chunk` events by `(turn, step)` in order of first appearance; each group
 * is one model call. A group that ends in `finish{reason:'error'}` stays a `chunks` entry:
 * the llm service passes that finish through unchanged, so the consumer sees the same stream.
 * Linear in the number of events.
 */
export function deriveReplayScript(events: Iterable<HistoryEvent>): ScriptEntry[] {
  const script: ScriptEntry[] = []
  const groups = new Map<string, StreamChunk[]>()
  let position = 0
  let model: string | undefined
  for (const event of events) {
    position++
    if (event.type === 'request/header') model = (event.data as { model?: string }).model
    if (event.type !== 'assistant/chunk') continue
    const { turn, step, chunk } = event.data as { turn: unknown; step: unknown; chunk: StreamChunk }
    if (!isPositiveInteger(turn) || !isPositiveInteger(step)) {
      throw new Error(
        `event ${position} (assistant/chunk): "turn" and "step" must be positive integers, found turn ` +
          `${JSON.stringify(turn)}, step ${JSON.stringify(step)}`,
      )
    }
    const key = `${turn}:${step}`
    let chunks = groups.get(key)
    if (!chunks) {
      chunks = []
      groups.set(key, chunks)
      const served = {
        at: { turn, step },
        entry: { kind: 'chunks' as const, chunks },
        source: { from: 'log' as const },
      }
      script.push(model ? { ...served, model } : served)
    }
    chunks.push(chunk)
  }
  // A recorded stream that ended because the user cancelled it replays as "prefix, then wait for
  // the cancel": serving its `finish{aborted}` at once would end the turn before the cancel came.
  for (const item of script) {
    const chunks = (item.entry as { chunks: StreamChunk[] }).chunks
    const last = chunks[chunks.length - 1]
    if (last?.type === 'finish' && last.reason === 'aborted') item.entry = { kind: 'hang', chunks: chunks.slice(0, -1) }
  }
  return script
}

export function describeStep(at: StepRef): string {
  return `turn ${at.turn} step ${at.step}`
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0
}

/** The models a recorded log names (request headers and model changes), in order of first mention. Pure. */
export function recordedModels(events: Iterable<HistoryEvent>): string[] {
  const models = new Set<string>()
  for (const event of events) {
    const data = event.data as { model?: unknown; configId?: unknown; value?: unknown }
    if (event.type === 'request/header' && typeof data.model === 'string') models.add(data.model)
    if (event.type === 'config/change' && data.configId === 'model' && typeof data.value === 'string')
      models.add(data.value)
  }
  return [...models]
}
