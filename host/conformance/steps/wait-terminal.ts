import { z } from 'zod'
import { named } from '../../../lib/acp-script/fields.ts'
import { defineStep } from '../../../lib/acp-script/step-kind.ts'
import { closedObject } from '../../../lib/closed-object.ts'
import { reverseRequests } from '../reverse-calls.ts'
import { type CaseHost, waitForCount } from './case-host.ts'
import { plural } from '../../../lib/plural.ts'

export const waitTerminalStep = defineStep<ReturnType<typeof waitTerminalSchema>, CaseHost>({
  schema: waitTerminalSchema(),
  async run(step, run) {
    const min = step.min ?? 1
    const trace = run.client.host.recorder.trace
    await waitForCount(
      run,
      () => reverseRequests(trace, 'terminal/create').length,
      min,
      plural(min, 'terminal/create request'),
    )
  },
})

function waitTerminalSchema() {
  return closedObject({
    op: z.literal('waitTerminal'),
    ...named,
    min: z.int().min(1).optional().meta({ description: 'Default 1.' }),
  }).meta({ description: 'Wait (up to timeouts.updateMs) until the agent has created at least min client terminals.' })
}
