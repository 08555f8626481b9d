import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { expectError, named } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const listSessionsStep = defineStep({
  schema: closedObject({
    op: z.literal('listSessions'),
    ...named,
    cursor: z
      .string()
      .optional()
      .meta({ description: 'Sent as the session/list cursor (only with an expected error).' }),
    ...expectError,
  }).meta({ description: 'session/list with no filter; the response is in the transcript.' }),
  check(step, where, names) {
    if (step.cursor !== undefined && !names.expectsFailure(step))
      names.issue(
        where.at('cursor'),
        'cursor is only for invalid-cursor tests and needs an expected error; drop it to list from the start',
      )
  },
  async run(step, run) {
    const params = step.cursor === undefined ? {} : { cursor: step.cursor }
    await run.request(step, run.client.agent.request(acp.methods.agent.session.list, params))
  },
})
