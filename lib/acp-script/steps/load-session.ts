import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, expectError, sessionPlace, sessionTarget, stepName } from '../fields.ts'
import { reattachSession } from '../reattach.ts'
import { defineStep } from '../step-kind.ts'

export const loadSessionStep = defineStep({
  schema: closedObject({
    op: z.literal('loadSession'),
    ...sessionTarget,
    as: stepName.optional().meta({ description: 'Another name for the loaded session.' }),
    ...sessionPlace,
    ...expectError,
  }).meta({ description: 'session/load of a session in the session cwd; its history is replayed as updates.' }),
  names: () => 'session',
  check: checkTarget,
  describe: (step) => describeTarget(step),
  run: (step, run) => reattachSession(step, run, acp.methods.agent.session.load, []),
})
