// A model recording (`model.recording.json` beside a foreign agent's scenario): every request the
// agent made, as a canonical request (canonical.ts) with its lane and fingerprint, and the answer
// that streamed back, as a model.yml item (model-script.ts). No provider's shape: replay renders an
// answer on whatever wire asks (./replay-source.ts). Written by --stub and by the recording proxy.
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { docFile } from '../package-root.ts'
import { CanonicalRequest } from './canonical.ts'
import { MODEL_ITEM_KINDS, type ModelScriptItem } from './model-script.ts'
import { WIRES } from './wires.ts'

export const RECORDING_FILE = 'model.recording.json'

export const Exchange = z.strictObject({
  /** The conversation the request belongs to: a hash of its opening (system prompt and first user message). */
  lane: z.string(),
  /** A hash of the whole normalized request: replay serves an answer only to its recorded twin. */
  fingerprint: z.string(),
  wire: z.enum(WIRES),
  request: CanonicalRequest,
  /** A model.yml item with its one key (`{ reply: … }`, `{ httpError: … }`). */
  answer: z.record(z.string(), z.unknown()),
  /** --stub: the model.yml item (0-based) that answered, so replay sees a changed script. */
  scriptItem: z.int().min(0).optional(),
})
export type Exchange = z.infer<typeof Exchange>

export const Recording = z.strictObject({
  version: z.literal(1),
  /** stub: answered from model.yml; live: proxied to the provider. */
  source: z.enum(['stub', 'live']),
  exchanges: z.array(Exchange),
})
export type Recording = z.infer<typeof Recording>

/** An item as model.yml writes it: `{ reply: {...} }`. */
export function itemAsAnswer(item: ModelScriptItem): Record<string, unknown> {
  return { [item.kind]: item.value }
}

/** Back from a recording: the one key is the kind (validated when the recording was read). */
export function answerAsItem(answer: Record<string, unknown>, where: string): ModelScriptItem {
  const [kind, ...more] = Object.keys(answer)
  if (!kind || more.length || !(MODEL_ITEM_KINDS as readonly string[]).includes(kind))
    throw new Error(`${where}: an answer has exactly one of ${MODEL_ITEM_KINDS.join(', ')}`)
  return { kind, value: answer[kind] } as ModelScriptItem
}

/** A canonical request's lane and fingerprint. */
export function identify(request: CanonicalRequest): { lane: string; fingerprint: string } {
  const opening = request.messages.find((m) => m.role === 'user')?.text ?? ''
  return { lane: hash([request.system, opening]), fingerprint: hash(request) }
}

function hash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16)
}

/** The recording's text as committed: stable, one exchange per block. */
export function formatRecording(recording: Recording): string {
  return `${JSON.stringify(recording, null, 2)}\n`
}

/** Parse and validate a recording file's text; the error names the file and the first bad field. */
export function parseRecording(text: string, file: string): Recording {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message}); re-record the scenario`)
  }
  const parsed = Recording.safeParse(data)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new Error(
    `${file}: ${issue?.path.join('.') || '(top)'}: ${issue?.message ?? 'invalid'}; re-record the scenario ` +
      `(${docFile('foreign-agents.md')})`,
  )
}
