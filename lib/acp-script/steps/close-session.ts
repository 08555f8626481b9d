import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, expectError, named, sessionTarget } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const closeSessionStep = defineStep({
  schema: closedObject({
    op: z.literal('closeSession'),
    ...sessionTarget,
    ...named,
    ...expectError,
  }).meta({ description: 'session/close: the agent ends the session (its turn, its MCP servers).' }),
  check: checkTarget,
  describe: (step) => describeTarget(step),
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    await run.request(step, run.client.agent.request(acp.methods.agent.session.close, { sessionId }))
  },
})
