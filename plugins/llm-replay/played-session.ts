// What replay derives once from each recorded session: which script entry answers which call (and
// which were served), which entries' chunks spell the recorded cwd, the project instructions at each
// model call, the recorded history the drift check compares with, and whether the model switched.
import { CallIndex } from './call-index.ts'
import { recordedCollapser, servedPattern } from './cwd-map.ts'
import type { RecordedSession } from './fixtures.ts'
import { type InstructionFileRecord, instructionsAtSteps } from './instructions-drift.ts'
import { RecordedHistory } from './recorded-history.ts'
import { mentionsCwd } from './served-chunks.ts'

export interface Played {
  calls: CallIndex
  /** Per script entry: whether its chunks spell the recorded cwd (the rest is served as is). */
  mentions: boolean[]
  /** The project instructions in effect at each model call. */
  instructions: Map<string, InstructionFileRecord[]>
  history: RecordedHistory
  /**
   * Only a recording that switched models pins which model serves each call: a one-model log
   * replays under any profile's model name (a log recorded with echo, replayed as deepseek-chat).
   */
  switchesModel: boolean
}

export function playedSession(session: RecordedSession, normalize?: (text: string) => string): Played {
  const pattern = servedPattern(session.cwd)
  return {
    calls: new CallIndex(session.script),
    mentions: session.script.map(({ entry }) => !!entry.chunks && mentionsCwd(entry.chunks, pattern)),
    instructions: instructionsAtSteps(session.historyEvents),
    history: new RecordedHistory(session.historyEvents, thenApply(recordedCollapser(session.cwd), normalize)),
    switchesModel: new Set(session.script.flatMap((item) => (item.model ? [item.model] : []))).size > 1,
  }
}

/** `first`, then `next`, either of them absent. */
export function thenApply(
  first: ((text: string) => string) | undefined,
  next: ((text: string) => string) | undefined,
): ((text: string) => string) | undefined {
  if (!next) return first
  return first ? (text) => next(first(text)) : next
}
