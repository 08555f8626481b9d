// Project instructions drift (issue 38 item 7): the system prompt carries AGENTS.md (and the other
// instruction files the agent config names), and the log records each file's hash when they change
// (`project/instructions`). When the live files differ from those in effect at the recorded model
// call, the recorded answer was given to another prompt: replay refuses and names the file. Pure.
import type { HistoryEvent } from '../session/history.ts'
import type { StepRef } from './derive.ts'

export interface InstructionFileRecord {
  path: string
  bytes: number
  sha256: string
}

const stepKey = (at: StepRef) => `${at.turn}:${at.step}`

/** Per recorded (turn, step): the instruction files in effect when that model call was made. */
export function instructionsAtSteps(events: readonly HistoryEvent[]): Map<string, InstructionFileRecord[]> {
  const atSteps = new Map<string, InstructionFileRecord[]>()
  let current: InstructionFileRecord[] = []
  for (const event of events) {
    if (event.type === 'project/instructions') current = (event.data as { files: InstructionFileRecord[] }).files
    else if (event.type === 'step/start') atSteps.set(stepKey(event.data as StepRef), current)
  }
  return atSteps
}

/** The recorded files at `at` (none when the log never named any). */
export function recordedInstructions(atSteps: Map<string, InstructionFileRecord[]>, at: StepRef) {
  return atSteps.get(stepKey(at)) ?? []
}

/** A sentence per file that differs, or undefined when live and recorded instructions are the same. */
export function instructionsDrift(
  recorded: readonly InstructionFileRecord[],
  live: readonly InstructionFileRecord[],
): string | undefined {
  const problems: string[] = []
  const short = (file: InstructionFileRecord) => `sha256 ${file.sha256.slice(0, 12)}, ${file.bytes} bytes`
  for (const was of recorded) {
    const now = live.find((file) => file.path === was.path)
    if (!now) problems.push(`${was.path} was there when the scenario was recorded (${short(was)}) and is gone now`)
    else if (now.sha256 !== was.sha256)
      problems.push(`${was.path} changed since the recording (recorded ${short(was)}; now ${short(now)})`)
  }
  for (const now of live)
    if (!recorded.some((file) => file.path === now.path))
      problems.push(`${now.path} is new since the recording (${short(now)})`)
  if (!problems.length) return undefined
  return (
    `project instructions drift: ${problems.join('; ')}. The system prompt carries them, so the recorded answers ` +
    'were given to another prompt: restore the file, or re-record the scenario'
  )
}
