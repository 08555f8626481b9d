import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, named, sessionTarget } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const cancelStep = defineStep({
  schema: closedObject({ op: z.literal('cancel'), ...named, ...sessionTarget }).meta({
    description: 'The session/cancel notification (no response, so no expectError).',
  }),
  check: checkTarget,
  describe: (step) => describeTarget(step),
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    run.client.beforeCancel?.(sessionId)
    await run.client.agent.notify(acp.methods.agent.session.cancel, { sessionId })
  },
})
