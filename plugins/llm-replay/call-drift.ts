// Whether a live model call differs from the recorded call that answers it, and how: the project
// instructions, the model (when the recording switched models), the request's parameters, then the
// history; the first that differs is the drift. Pure.
import type { LlmRequest } from '../llm/types.ts'
import type { CallPlace } from './call-index.ts'
import type { ScriptEntry } from './derive.ts'
import { driftAt, type LiveForms } from './drift.ts'
import { type InstructionFileRecord, instructionsDrift, recordedInstructions } from './instructions-drift.ts'
import { parameterDrift } from './parameter-drift.ts'
import type { Played } from './played-session.ts'

/** What the player reads of a live request: its identity, history and parameters. */
export type LiveRequest = Pick<LlmRequest, 'sessionId' | 'turn' | 'step' | 'messages'> &
  Partial<Pick<LlmRequest, 'model' | 'attempt' | 'purpose' | 'maxTokens' | 'options' | 'system' | 'tools'>>

interface DriftInput {
  request: LiveRequest
  /** The recorded session's derived state, and the entry and call that answer the request. */
  played: Played
  scripted: ScriptEntry
  call: CallPlace
  /** The live session's string maps (its cwd spellings, redact, normalize). */
  live: LiveForms
  /** The project instructions the live session's log last recorded. */
  liveInstructions: InstructionFileRecord[]
  /** Told when the parameters cannot be checked (a log written before `model/request` records). */
  onUnchecked(): void
}

/** Instructions, model, request parameters, then the history: the first that differs, worded. */
export function callDrift(input: DriftInput): string | undefined {
  const { request, played, scripted, call, live, liveInstructions } = input
  const instructions = instructionsDrift(recordedInstructions(played.instructions, scripted.at), liveInstructions)
  if (instructions) return instructions
  if (played.switchesModel) {
    const model = modelDrift(scripted.model, request.model)
    if (model) return model
  }
  const { history } = played
  if (scripted.source.from === 'log' && !scripted.parameters) input.onUnchecked()
  const parameters = parameterDrift(scripted, request, { recorded: history.collapse, live: live.collapse })
  if (parameters) return parameters
  // A plugin's own call carries its messages in its record (compared above): they are not the history.
  return scripted.parameters?.messages ? undefined : driftAt(history, live, call, call, request.messages)
}

/** A session's model changed (config option `model`) where the recording's did not, or the other way round. */
function modelDrift(recorded: string | undefined, live: string | undefined): string | undefined {
  if (!recorded || !live || recorded === live) return undefined
  return (
    `the live request goes to model "${live}" but the recorded call was served by "${recorded}"; the session's ` +
    'model choice (session/set_model, set_config_option, /model) now differs from the recording'
  )
}
