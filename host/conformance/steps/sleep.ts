import { z } from 'zod'
import { named } from '../../../lib/acp-script/fields.ts'
import { defineStep } from '../../../lib/acp-script/step-kind.ts'
import { closedObject } from '../../../lib/closed-object.ts'
import { sleepBounded } from '../bounded-wait.ts'
import type { CaseHost } from './case-host.ts'

export const sleepStep = defineStep<ReturnType<typeof sleepSchema>, CaseHost>({
  schema: sleepSchema(),
  describe: (step) => `${step.ms} ms`,
  run: (step, run) => sleepBounded(step.ms, run.client.host.signal),
})

function sleepSchema() {
  return closedObject({ op: z.literal('sleep'), ...named, ms: z.int().min(0).max(60_000) }).meta({
    description: 'Pauses (e.g. to let a prompt start before a cancel); ends at once when the run is interrupted.',
  })
}
