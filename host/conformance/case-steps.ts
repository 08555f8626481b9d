// The steps a conformance case may use: the shared ACP script (lib/acp-script/) plus the
// runner's own waits, on what only it observes (the wire, permission requests, terminals).
import { SHARED_STEPS, type SharedStep } from '../../lib/acp-script/shared-steps.ts'
import type { StepKind } from '../../lib/acp-script/step-kind.ts'
import type { CaseHost } from './steps/case-host.ts'
import { sleepStep } from './steps/sleep.ts'
import { switchConfigOptionStep } from './steps/switch-config-option.ts'
import { switchModelStep } from './steps/switch-model.ts'
import { waitPermissionStep } from './steps/wait-permission.ts'
import { waitTerminalStep } from './steps/wait-terminal.ts'
import { waitUpdatesStep } from './steps/wait-updates.ts'
import type { z } from 'zod'

export const CASE_STEPS = [
  ...SHARED_STEPS,
  sleepStep,
  waitUpdatesStep,
  waitPermissionStep,
  waitTerminalStep,
  switchConfigOptionStep,
  switchModelStep,
] as const satisfies readonly StepKind<CaseHost>[]

type Own =
  | typeof sleepStep
  | typeof waitUpdatesStep
  | typeof waitPermissionStep
  | typeof waitTerminalStep
  | typeof switchConfigOptionStep
  | typeof switchModelStep
export type CaseStep = SharedStep | z.output<Own['schema']>
