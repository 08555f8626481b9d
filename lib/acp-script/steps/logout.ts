import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { expectError, named } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const logoutStep = defineStep({
  schema: closedObject({ op: z.literal('logout'), ...named, ...expectError }).meta({
    description: 'logout: the agent forgets the credentials it holds in memory.',
  }),
  async run(step, run) {
    await run.request(step, run.client.agent.request(acp.methods.agent.logout, {}))
  },
})
