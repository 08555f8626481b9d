import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, expectError, named, sessionTarget } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const deleteSessionStep = defineStep({
  schema: closedObject({
    op: z.literal('deleteSession'),
    ...sessionTarget,
    ...named,
    ...expectError,
  }).meta({ description: "session/delete: the agent removes the session's logs (refused while a prompt runs)." }),
  check: checkTarget,
  describe: (step) => describeTarget(step),
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    await run.request(step, run.client.agent.request(acp.methods.agent.session.delete, { sessionId }))
  },
})
