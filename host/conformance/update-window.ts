// The updates a check or a wait looks at: those of a session, after one step and before
// another ends, and their text with chunks of one kind joined.
import { describeStep, stepByName, updatesOf, updateTexts, type CaseTrace, type UpdateRecord } from './trace.ts'

interface Window {
  session?: string
  from?: string
  through?: string
}

/** Updates selected by a check's session/from/through, or why they cannot be selected. */
export function windowUpdates(
  trace: CaseTrace,
  window: Window,
): { updates: UpdateRecord[]; label: string } | { problem: string } {
  const parts: string[] = []
  let sessionId: string | undefined
  if (window.session !== undefined) {
    sessionId = trace.sessions.get(window.session)
    if (sessionId === undefined)
      return { problem: `session ${JSON.stringify(window.session)} has no id (its newSession did not succeed)` }
    parts.push(`for session ${window.session}`)
  }
  let after = -Infinity
  let before = Infinity
  if (window.from !== undefined) {
    const step = stepByName(trace, window.from)
    if (!step) return { problem: `step ${JSON.stringify(window.from)} never ran` }
    after = step.startSeq
    parts.push(`from ${describeStep(step)}`)
  }
  if (window.through !== undefined) {
    const step = stepByName(trace, window.through)
    if (!step) return { problem: `step ${JSON.stringify(window.through)} never ran` }
    before = step.endSeq ?? Infinity
    parts.push(`through ${describeStep(step)}`)
  }
  const updates = updatesOf(trace).filter(
    (u) => u.seq > after && u.seq < before && (sessionId === undefined || u.sessionId === sessionId),
  )
  return { updates, label: ['updates', ...parts].join(' ') }
}

/** The text of the selected updates: consecutive chunks of one kind are joined (words are split across chunks). */
export function windowText(updates: readonly UpdateRecord[], kind?: string): string[] {
  const texts: string[] = []
  let run: { kind: string; text: string } | undefined
  for (const u of updates) {
    if (kind !== undefined && u.kind !== kind) continue
    const parts = updateTexts(u.update)
    if (u.kind.endsWith('_chunk')) {
      if (run?.kind === u.kind) run.text += parts.join('')
      else {
        run = { kind: u.kind, text: parts.join('') }
        texts.push('')
      }
      texts[texts.length - 1] = run.text
    } else {
      run = undefined
      texts.push(...parts)
    }
  }
  return texts
}

export function kindsOf(updates: readonly UpdateRecord[]): string[] {
  return [...new Set(updates.map((u) => u.kind))]
}
