import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { expectError, named } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const authenticateStep = defineStep({
  schema: closedObject({
    op: z.literal('authenticate'),
    methodId: z.string().meta({ description: 'One of the authMethods initialize advertised (or not, to test).' }),
    ...named,
    ...expectError,
  }).meta({ description: 'authenticate with an auth method id.' }),
  describe: (step) => JSON.stringify(step.methodId),
  async run(step, run) {
    await run.request(step, run.client.agent.request(acp.methods.agent.authenticate, { methodId: step.methodId }))
  },
})
