import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, expectError, sessionTarget, stepName } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const loadSessionStep = defineStep({
  schema: closedObject({
    op: z.literal('loadSession'),
    ...sessionTarget,
    as: stepName.optional().meta({ description: 'Another name for the loaded session.' }),
    ...expectError,
  }).meta({ description: 'session/load of a session in the session cwd; its history is replayed as updates.' }),
  names: () => 'session',
  check: checkTarget,
  describe: (step) => describeTarget(step),
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    const request = run.client.agent.request(acp.methods.agent.session.load, {
      sessionId,
      cwd: run.client.cwd,
      mcpServers: [],
    })
    const outcome = await run.request(step, request)
    if (outcome.kind === 'ok' && step.as !== undefined) run.defineSession(step.as, sessionId)
  },
})
