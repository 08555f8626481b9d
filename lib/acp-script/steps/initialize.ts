import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { expectError, named } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const initializeStep = defineStep({
  schema: closedObject({ op: z.literal('initialize'), ...named, ...expectError }).meta({
    description: 'initialize with the protocol version and the client capabilities the file declares.',
  }),
  async run(step, run) {
    await run.request(
      step,
      run.client.agent.request(acp.methods.agent.initialize, run.client.initializeParams()),
      'start',
    )
  },
})
