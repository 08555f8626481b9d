// What one case observed, as plain data: every JSON-RPC message in wire order (numbered by
// `seq`), what each step did, and what the client served. Checks are pure functions of this.
import type { RequestOutcome } from '../../lib/acp-script/outcome.ts'
import type { StepState } from '../../lib/acp-script/step-kind.ts'
import { stepLabel } from '../../lib/acp-script/describe.ts'
import type { TranscriptEntry } from './report.ts'
import type { FileOp } from '../../lib/acp-client/editor-fs.ts'

export interface WireEntry {
  /** Position in wire order across both directions; steps mark their span with the same counter. */
  seq: number
  /** ms since the case started. */
  at: number
  dir: 'out' | 'in'
  message: Record<string, unknown>
}

/** A step as the trace keeps it: the runner's state plus its span on the wire. */
export interface StepRecord extends StepState {
  /** seq when the step started; anything with a larger seq happened after. */
  startSeq: number
  /** seq when the step ended; undefined if it never did (the case stopped in it). */
  endSeq?: number
}

export interface PermissionRecord {
  seq: number
  sessionId: string
  toolCallId?: string
  /** The option kind chosen, or "cancelled" when no option fitted the mode. */
  answer: string
}

/** An fs request of the agent (lib/acp-client/editor-fs.ts), numbered in the trace's order. */
interface FileOpRecord extends FileOp {
  seq: number
}

export interface CaseTrace {
  cwd: string
  initialize?: RequestOutcome
  steps: StepRecord[]
  /** newSession step name → the id it received. */
  sessions: Map<string, string>
  wire: WireEntry[]
  permissions: PermissionRecord[]
  fileOps: FileOpRecord[]
  /** Case-cwd-relative path → content (undefined: missing), read after the last step for workspaceFile checks. */
  workspace: Map<string, string | undefined>
}

export interface UpdateRecord {
  seq: number
  /** As sent; a misbehaving agent may send anything here. */
  sessionId: unknown
  kind: string
  update: Record<string, unknown>
}

export function emptyTrace(cwd: string): CaseTrace {
  return { cwd, steps: [], sessions: new Map(), wire: [], permissions: [], fileOps: [], workspace: new Map() }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every session/update notification the agent sent, in wire order. */
export function updatesOf(trace: CaseTrace): UpdateRecord[] {
  const updates: UpdateRecord[] = []
  for (const entry of trace.wire) {
    if (entry.dir !== 'in' || entry.message.method !== 'session/update' || 'id' in entry.message) continue
    const params = isRecord(entry.message.params) ? entry.message.params : {}
    const update = isRecord(params.update) ? params.update : {}
    updates.push({
      seq: entry.seq,
      sessionId: params.sessionId,
      kind: typeof update.sessionUpdate === 'string' ? update.sessionUpdate : '(none)',
      update,
    })
  }
  return updates
}

/**
 * The wire span of a prompt step: its session/prompt request is the first one for its session
 * sent after the step started; `responseSeq` is undefined while no response arrived.
 */
export function promptExchange(
  trace: CaseTrace,
  step: StepRecord,
): { requestSeq: number; responseSeq?: number } | undefined {
  const request = trace.wire.find(
    (e) =>
      e.dir === 'out' &&
      e.seq > step.startSeq &&
      e.message.method === 'session/prompt' &&
      isRecord(e.message.params) &&
      e.message.params.sessionId === step.sessionId &&
      'id' in e.message,
  )
  if (!request) return undefined
  const response = trace.wire.find(
    (e) => e.dir === 'in' && e.seq > request.seq && !('method' in e.message) && e.message.id === request.message.id,
  )
  return { requestSeq: request.seq, responseSeq: response?.seq }
}

/** The text an update carries: chunk text, tool titles and tool content. */
export function updateTexts(update: Record<string, unknown>): string[] {
  const texts: string[] = []
  const block = (value: unknown) => {
    if (!isRecord(value)) return
    if (typeof value.text === 'string') texts.push(value.text)
    if (value.type === 'content') block(value.content)
    if (value.type === 'diff' && typeof value.newText === 'string') texts.push(value.newText)
  }
  block(update.content)
  if (Array.isArray(update.content)) update.content.forEach(block)
  if (typeof update.title === 'string') texts.push(update.title)
  // Slash commands read as typed: `/name`.
  if (Array.isArray(update.availableCommands))
    update.availableCommands.forEach((c) => {
      if (isRecord(c) && typeof c.name === 'string') texts.push(`/${c.name}`)
    })
  if (Array.isArray(update.entries))
    update.entries.forEach((e) => {
      if (isRecord(e) && typeof e.content === 'string') texts.push(e.content)
    })
  return texts
}

export function stepByName(trace: CaseTrace, name: string): StepRecord | undefined {
  return trace.steps.find((s) => s.as === name)
}

/** How a check's message names a step: `steps[2] (prompt "p1")` (the runner's label without details). */
export function describeStep(step: { index: number; op: string; as?: string }): string {
  return stepLabel(step.index, step.op, step.as)
}

/** Bytes of JSON one case's transcript may take in the report; a flooding agent's rest is counted, not kept. */
const TRANSCRIPT_BUDGET_BYTES = 2 * 1024 * 1024

/** The wire as the JSON report shows it: every message each way, with its direction and time. */
export function transcriptOf(trace: CaseTrace): {
  transcript: TranscriptEntry[]
  leftOut?: { messages: number; bytes: number }
} {
  const transcript: TranscriptEntry[] = []
  let bytes = 0
  let leftOut: { messages: number; bytes: number } | undefined
  for (const e of trace.wire) {
    const entry: TranscriptEntry = {
      seq: e.seq,
      atMs: e.at,
      dir: e.dir === 'out' ? 'to-agent' : 'from-agent',
      message: e.message,
    }
    const size = JSON.stringify(entry).length
    bytes += size
    if (bytes <= TRANSCRIPT_BUDGET_BYTES) transcript.push(entry)
    else {
      leftOut ??= { messages: 0, bytes: 0 }
      leftOut.messages++
      leftOut.bytes += size
    }
  }
  return { transcript, ...(leftOut ? { leftOut } : {}) }
}
