import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { named, ref } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const awaitStep = defineStep({
  schema: closedObject({
    op: z.literal('await'),
    ...named,
    prompt: ref('background prompt'),
  }).meta({
    description: "Waits for a background prompt's response and judges it (and its expectError); once per prompt.",
  }),
  check: (step, where, names) => names.awaited(where.at('prompt'), step.prompt),
  describe: (step) => step.prompt,
  run: (step, run) => run.awaitBackground(step.prompt),
})
