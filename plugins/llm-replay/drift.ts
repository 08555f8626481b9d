// Drift: the live agent asks the model something other than what was recorded. Replaying
// the recorded answer then would test nothing, so replay refuses and says what changed. Pure.
import type { Message } from '../llm/types.ts'
import { buildMessages, type HistoryEvent } from '../agent/history.ts'
import { describeStep, type StepRef } from './derive.ts'
import { compactLineDiff } from './line-diff.ts'

export const CWD_TOKEN = '{{cwd}}'

export interface DriftInput {
  /** Recorded events (chunks may be left out: history ignores them). */
  recordedEvents: readonly HistoryEvent[]
  /** The (turn, step) the next script entry was recorded at. */
  recordedAt: StepRef
  /** The live request's position and messages. */
  liveAt: StepRef
  liveMessages: readonly Message[]
  /** Every spelling of the live session's cwd (e.g. as given and realpath'd); empty if unknown. */
  liveCwds: readonly string[]
  /** The recorded header's cwd, when the fixture was not normalized (it is usually `{{cwd}}` already). */
  recordedCwd?: string
}

/** A one-paragraph explanation of the drift, or undefined when live and recorded agree. */
export function checkDrift(input: DriftInput): string | undefined {
  const { recordedAt, liveAt } = input
  if (recordedAt.turn !== liveAt.turn || recordedAt.step !== liveAt.step) {
    return `the live request is ${describeStep(liveAt)} but the next recorded model call is ${describeStep(recordedAt)}; the agent now makes a different number of calls per turn`
  }
  if (!hasStepStart(input.recordedEvents, recordedAt)) {
    return `the recorded log has no step/start for ${describeStep(recordedAt)}, so there is no recorded history to compare with; the log and the script disagree (re-record, or fix "at" in the override)`
  }
  const recorded = normalizeCwd(
    buildMessages(input.recordedEvents, recordedAt),
    input.recordedCwd ? [input.recordedCwd] : [],
  )
  const live = normalizeCwd(input.liveMessages, input.liveCwds)
  return diffHistories(recorded, live)
}

/** Replace every spelling of the cwd with `{{cwd}}` in all strings; longest first, so a prefix spelling never splits a longer one. */
export function normalizeCwd(messages: readonly Message[], cwds: readonly string[]): Message[] {
  const spellings = [...new Set(cwds)].filter((cwd) => cwd && cwd !== CWD_TOKEN).sort((a, b) => b.length - a.length)
  if (!spellings.length) return [...messages]
  const replace = (text: string) => spellings.reduce((out, cwd) => out.split(cwd).join(CWD_TOKEN), text)
  return messages.map((message) => mapStrings(message, replace))
}

/** Compare two histories; describe the first message that differs. */
export function diffHistories(recorded: readonly Message[], live: readonly Message[]): string | undefined {
  const length = Math.max(recorded.length, live.length)
  for (let index = 0; index < length; index++) {
    const was = recorded[index]
    const now = live[index]
    if (was && now && canonical(was) === canonical(now)) continue
    const counts = `recorded history has ${recorded.length} message(s), live has ${live.length}`
    if (!now)
      return `message ${index} (${was.role}) is missing from the live history (${counts}):\n${indent(renderMessage(was))}`
    if (!was)
      return `the live history has an extra message ${index} (${now.role}) (${counts}):\n${indent(renderMessage(now))}`
    const roles = was.role === now.role ? `role ${was.role}` : `role recorded ${was.role}, live ${now.role}`
    return `message ${index} differs (${roles}); - recorded, + live:\n${compactLineDiff(renderMessage(was), renderMessage(now))}`
  }
  return undefined
}

/** A message as readable lines: one `key: value` per scalar, multi-line text indented below its key. */
export function renderMessage(message: Message): string {
  const lines: string[] = []
  const record = message as unknown as Record<string, unknown>
  for (const key of Object.keys(record).sort()) {
    const value = record[key]
    if (key === 'toolCalls' && Array.isArray(value)) {
      value.forEach((call, index) => lines.push(`toolCalls[${index}]: ${canonical(call)}`))
    } else if (typeof value === 'string' && value.includes('\n')) {
      lines.push(`${key}:`, ...value.split('\n').map((line) => `  ${line}`))
    } else {
      lines.push(`${key}: ${typeof value === 'string' ? value : canonical(value)}`)
    }
  }
  return lines.join('\n')
}

function hasStepStart(events: readonly HistoryEvent[], at: StepRef): boolean {
  return events.some((event) => {
    if (event.type !== 'step/start') return false
    const data = event.data as StepRef
    return data.turn === at.turn && data.step === at.step
  })
}

function mapStrings<T>(value: T, replace: (text: string) => string): T {
  if (typeof value === 'string') return replace(value) as T
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace)) as T
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, replace)
    return out as T
  }
  return value
}

/** JSON with sorted keys and no undefined members, so key order never counts as drift. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item
    return Object.fromEntries(
      Object.keys(item)
        .sort()
        .map((key) => [key, (item as Record<string, unknown>)[key]]),
    )
  })
}

function indent(text: string): string {
  const lines = text.split('\n')
  const shown = lines.slice(0, 12).map((line) => `  ${line.length > 160 ? `${line.slice(0, 160)}…` : line}`)
  if (lines.length > 12) shown.push(`  … (${lines.length - 12} more lines)`)
  return shown.join('\n')
}
