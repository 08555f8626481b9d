// The steps every host runs: the client's requests and notifications. A host adds its own
// kinds (waits on what only it observes) with `stepSchema([...SHARED_STEPS, ...own])`.
import { z } from 'zod'
import type { StepKind } from './step-kind.ts'
import { answerQuestionStep } from './steps/answer-question.ts'
import { authenticateStep } from './steps/authenticate.ts'
import { awaitStep } from './steps/await.ts'
import { cancelStep } from './steps/cancel.ts'
import { closeSessionStep } from './steps/close-session.ts'
import { deleteSessionStep } from './steps/delete-session.ts'
import { forkSessionStep } from './steps/fork-session.ts'
import { initializeStep } from './steps/initialize.ts'
import { listSessionsStep } from './steps/list-sessions.ts'
import { loadSessionStep } from './steps/load-session.ts'
import { logoutStep } from './steps/logout.ts'
import { newSessionStep } from './steps/new-session.ts'
import { promptStep } from './steps/prompt.ts'
import { resumeSessionStep } from './steps/resume-session.ts'
import { setConfigOptionStep } from './steps/set-config-option.ts'
import { setModeStep } from './steps/set-mode.ts'
import { setModelStep } from './steps/set-model.ts'

export const SHARED_STEPS = [
  initializeStep,
  newSessionStep,
  loadSessionStep,
  promptStep,
  cancelStep,
  setModeStep,
  setConfigOptionStep,
  setModelStep,
  listSessionsStep,
  awaitStep,
  authenticateStep,
  resumeSessionStep,
  closeSessionStep,
  deleteSessionStep,
  forkSessionStep,
  logoutStep,
  answerQuestionStep,
] as const satisfies readonly StepKind[]

/** A shared step as its schema parses it. */
export type SharedStep = z.output<(typeof SHARED_STEPS)[number]['schema']>

/**
 * The strict step schema of a host's table: discriminated by `op`, each kind closed. Its output is
 * the union of the kinds' outputs, inferred from the table (declare it `as const`).
 */
export function stepSchema<const K extends readonly Pick<StepKind<never>, 'schema'>[]>(kinds: K) {
  const [first, ...rest] = kinds.map((kind): K[number]['schema'] => kind.schema)
  if (!first) throw new Error('a step table needs at least one kind')
  return z.discriminatedUnion('op', [first, ...rest])
}
