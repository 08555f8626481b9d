// Turn a recorded session log into the model script replay serves (docs/design.md §6). Pure.
import type { Message, StreamChunk } from '../llm/types.ts'
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

/** What a recorded call was asked with besides the history and the request/header (its `model/request`). */
export interface RecordedParameters {
  maxTokens: number | null
  options?: Record<string, unknown>
  /** A plugin's own call: the system prompt and messages it sent (not the session's history). */
  system?: string
  messages?: Message[]
}

/** One model call of the script: what to serve, and where it was recorded (for drift checks and errors). */
export interface ScriptEntry {
  at: StepRef
  /**
   * The call's attempt at `at` (1 for the first) and purpose (`turn` by default); an override entry
   * that names no attempt takes the next one at its place (call-index.ts).
   */
  attempt?: number
  purpose?: string
  entry: ReplayEntry
  source: EntrySource
  /** The model that served the call (the last `request/header` before it); absent for an override entry. */
  model?: string
  /** The call's logged parameters; absent in a log written before `model/request` records. */
  parameters?: RecordedParameters
  /** The request/header in effect (its system prompt and tools, as logged); absent for an override entry. */
  header?: { system?: unknown; tools?: unknown }
}

/**
 * Group `assistant/chunk` events by call identity `(turn, step, attempt, purpose)` in order of first
 * appearance; each group is one model call. A group that ends in `finish{reason:'error'}` stays a
 * `chunks` entry: the llm service passes that finish through unchanged, so the consumer sees the
 * same stream. Linear in the number of events.
 */
export function deriveReplayScript(events: Iterable<HistoryEvent>): ScriptEntry[] {
  const script: ScriptEntry[] = []
  const groups = new Map<string, StreamChunk[]>()
  const requests = new Map<string, RecordedParameters>()
  let position = 0
  let model: string | undefined
  let header: ScriptEntry['header']
  for (const event of events) {
    position++
    if (event.type === 'request/header') {
      header = event.data as { model?: string; system?: unknown; tools?: unknown }
      model = (header as { model?: string }).model
    }
    if (event.type === 'model/request') requests.set(identityKey(event.data as ChunkPlace), parametersOf(event.data))
    if (event.type !== 'assistant/chunk') continue
    const { turn, step, chunk } = event.data as { turn: unknown; step: unknown; chunk: StreamChunk }
    // Step 0 is a call between turns (`/compact`); turns count from 1 (turn 0: `/compact` before any prompt).
    if (!isCount(turn) || !isCount(step)) {
      throw new Error(
        `event ${position} (assistant/chunk): "turn" and "step" must be whole numbers, found turn ` +
          `${JSON.stringify(turn)}, step ${JSON.stringify(step)}`,
      )
    }
    const { attempt, purpose } = placeOf(event.data as ChunkPlace)
    const key = identityKey({ turn, step, attempt, purpose })
    let chunks = groups.get(key)
    if (!chunks) {
      chunks = []
      groups.set(key, chunks)
      const parameters = requests.get(key)
      script.push({
        at: { turn, step },
        attempt,
        purpose,
        entry: { kind: 'chunks' as const, chunks },
        source: { from: 'log' as const },
        ...(model ? { model } : {}),
        ...(parameters ? { parameters } : {}),
        ...(header ? { header } : {}),
      })
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

/** Where a chunk or request record stands: its (turn, step) and, when logged, attempt and purpose. */
interface ChunkPlace {
  turn: number
  step: number
  attempt?: number
  purpose?: string
}

/** A call's attempt and purpose, with the defaults of a log that names neither. */
function placeOf(data: ChunkPlace): { attempt: number; purpose: string } {
  return { attempt: data.attempt ?? 1, purpose: data.purpose ?? 'turn' }
}

/** The key of a call identity within one session. */
export function identityKey(place: ChunkPlace): string {
  const { attempt, purpose } = placeOf(place)
  return `${place.turn}:${place.step}:${attempt}:${purpose}`
}

function parametersOf(data: unknown): RecordedParameters {
  const { maxTokens, options, system, messages } = data as Partial<RecordedParameters>
  return {
    maxTokens: maxTokens ?? null,
    ...(options ? { options } : {}),
    ...(system === undefined ? {} : { system }),
    ...(messages ? { messages } : {}),
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
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
