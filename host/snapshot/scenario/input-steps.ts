// The steps a scenario's input.json may use: the shared ACP script (lib/acp-script/) plus this
// host's own waits: on the session log (dsh only) and on ACP traffic (any agent).
import { SHARED_STEPS, type SharedStep } from '../../../lib/acp-script/shared-steps.ts'
import { waitForStep, type WaitForStep } from './input-wait-for.ts'
import { waitUpdateStep, type WaitUpdateStep } from './input-wait-update.ts'

export const SCENARIO_STEPS = [...SHARED_STEPS, waitForStep, waitUpdateStep] as const

export type InputStep = SharedStep | WaitForStep | WaitUpdateStep

/** `recorded` = the source's session.jsonl, `recorded1` = session.1.jsonl, … (host/snapshot/fixtures/prepare.ts). */
export const RECORDED_SESSION_ALIASES = ['recorded', 'recorded1', 'recorded2', 'recorded3']
