// The steps a scenario's input.json may use: the shared ACP script (lib/acp-script/) plus this
// host's own wait on the session log.
import { SHARED_STEPS, type SharedStep } from '../../../lib/acp-script/shared-steps.ts'
import { waitForStep, type WaitForStep } from './input-wait-for.ts'

export const SCENARIO_STEPS = [...SHARED_STEPS, waitForStep] as const

export type InputStep = SharedStep | WaitForStep

/** `recorded` = the source's session.jsonl, `recorded1` = session.1.jsonl, … (host/snapshot/env/prepare.ts). */
export const RECORDED_SESSION_ALIASES = ['recorded', 'recorded1', 'recorded2', 'recorded3']
