import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, expectError, named, sessionTarget } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const setModelStep = defineStep({
  schema: closedObject({
    op: z.literal('setModel'),
    ...named,
    ...sessionTarget,
    model: z.string().min(1).meta({ description: 'The modelId sent with session/set_model.' }),
    ...expectError,
  }).meta({ description: 'session/set_model, the request of clients older than config options.' }),
  check: checkTarget,
  describe: (step) => `${describeTarget(step)} ${step.model}`,
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    // Not a method of the SDK's typed table any more: sent by name.
    await run.request(step, run.client.agent.request('session/set_model', { sessionId, modelId: step.model }))
  },
})
