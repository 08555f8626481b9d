import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, expectError, named, sessionTarget } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const setConfigOptionStep = defineStep({
  schema: closedObject({
    op: z.literal('setConfigOption'),
    ...named,
    ...sessionTarget,
    configId: z.string().min(1).meta({ description: 'The option to set (e.g. "model", "mode").' }),
    value: z.string().meta({ description: 'The value id to select (e.g. "deepseek-reasoner", "read-only").' }),
    ...expectError,
  }).meta({ description: 'session/set_config_option with a select value; its response is part of the transcript.' }),
  check: checkTarget,
  describe: (step) => `${describeTarget(step)} ${step.configId}=${step.value}`,
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    await run.request(
      step,
      run.client.agent.request(acp.methods.agent.session.setConfigOption, {
        sessionId,
        configId: step.configId,
        value: step.value,
      }),
    )
  },
})
