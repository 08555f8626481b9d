import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, expectError, named, sessionTarget } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const setModeStep = defineStep({
  schema: closedObject({
    op: z.literal('setMode'),
    ...named,
    ...sessionTarget,
    mode: z.string().min(1).meta({ description: 'The modeId sent with session/set_mode (e.g. "read-only").' }),
    ...expectError,
  }).meta({ description: 'session/set_mode.' }),
  check: checkTarget,
  describe: (step) => `${describeTarget(step)} ${step.mode}`,
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    await run.request(
      step,
      run.client.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId: step.mode }),
    )
  },
})
