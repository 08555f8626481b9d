// Drift: the live agent asks the model something other than what was recorded. Replaying
// the recorded answer then would test nothing, so replay refuses and says what changed. Pure.
import { plural } from '../../lib/plural.ts'
import type { Message } from '../llm/types.ts'
import type { HistoryEvent } from '../session/history.ts'
import { liveCollapser, parseRecordedCwd, recordedCollapser } from './cwd-map.ts'
import { CWD_TOKEN } from '../../lib/cwd-spellings.ts'
import { describeStep, type StepRef } from './derive.ts'
import { compactLineDiff } from './line-diff.ts'
import { canonical, collapseCwd, renderMessage } from './message-form.ts'
import { RecordedHistory } from './recorded-history.ts'

/** The live side's compared forms, cached by message identity: the agent hands the same objects again. */
export class LiveForms {
  private readonly cache = new WeakMap<Message, string>()

  constructor(readonly collapse: ((text: string) => string) | undefined) {}

  form(message: Message): string {
    let form = this.cache.get(message)
    if (form === undefined) {
      form = canonical(collapseCwd(message, this.collapse))
      this.cache.set(message, form)
    }
    return form
  }
}

/** A one-paragraph explanation of the drift at one model call, or undefined when live and recorded agree. */
export function driftAt(
  recorded: RecordedHistory,
  live: LiveForms,
  recordedAt: StepRef & { attempt?: number; purpose?: string },
  liveAt: StepRef,
  liveMessages: readonly Message[],
): string | undefined {
  if (recordedAt.turn !== liveAt.turn || recordedAt.step !== liveAt.step) {
    return (
      `the live request is ${describeStep(liveAt)} but the next recorded model call is ` +
      `${describeStep(recordedAt)}; the agent now makes a different number of calls per turn`
    )
  }
  const history = recorded.at(recordedAt)
  if (!history) {
    return (
      `the recorded log has no step/start for ${describeStep(recordedAt)}, so there is no recorded history to ` +
      `compare with; the log and the script disagree (or "at" in the override is wrong)`
    )
  }
  const length = Math.max(history.forms.length, liveMessages.length)
  for (let index = 0; index < length; index++) {
    const now = liveMessages[index]
    if (index < history.forms.length && now && history.forms[index] === live.form(now)) continue
    return describeDifference(
      history.messages.map((message) => collapseCwd(message, recorded.collapse)),
      liveMessages.map((message) => collapseCwd(message, live.collapse)),
      index,
    )
  }
  return undefined
}

interface DriftInput {
  /** Recorded events (chunks may be left out: history ignores them). */
  recordedEvents: readonly HistoryEvent[]
  /** The (turn, step) the next script entry was recorded at. */
  recordedAt: StepRef
  /** The live request's position and messages. */
  liveAt: StepRef
  liveMessages: readonly Message[]
  /** Every spelling of the live session's cwd (e.g. as given and realpath'd); empty if unknown. */
  liveCwds: readonly string[]
  /** The recorded header's cwd: `{{cwd}}` (the default) in a normalized fixture, an absolute path in a raw log. */
  recordedCwd?: string
}

/** The drift check for one model call, from scratch (replay itself keeps the recorded side between calls). */
export function checkDrift(input: DriftInput): string | undefined {
  const cwd = parseRecordedCwd(input.recordedCwd ?? CWD_TOKEN, 'recorded log', () => undefined)
  const recorded = new RecordedHistory(input.recordedEvents, recordedCollapser(cwd))
  const live = new LiveForms(liveCollapser(cwd, input.liveCwds))
  return driftAt(recorded, live, input.recordedAt, input.liveAt, input.liveMessages)
}

function describeDifference(recorded: readonly Message[], live: readonly Message[], index: number): string {
  const was = recorded[index]
  const now = live[index]
  const counts = `recorded history has ${plural(recorded.length, 'message')}, live has ${live.length}`
  if (!was) {
    if (!now) return `message ${index} is in neither history (${counts})`
    return `the live history has an extra message ${index} (${now.role}) (${counts}):\n${indent(renderMessage(now))}`
  }
  if (!now)
    return `message ${index} (${was.role}) is missing from the live history (${counts}):\n${indent(renderMessage(was))}`
  const roles = was.role === now.role ? `role ${was.role}` : `role recorded ${was.role}, live ${now.role}`
  return (
    `message ${index} differs (${roles}); - recorded, + ` +
    `live:\n${compactLineDiff(renderMessage(was), renderMessage(now))}`
  )
}

function indent(text: string): string {
  const lines = text.split('\n')
  const shown = lines.slice(0, 12).map((line) => `  ${line.length > 160 ? `${line.slice(0, 160)}…` : line}`)
  if (lines.length > 12) shown.push(`  … (${lines.length - 12} more lines)`)
  return shown.join('\n')
}
