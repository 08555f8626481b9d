import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkAnswerRef, describeValue, resolveString, stringOrAnswer } from '../answer-ref.ts'
import { expectError, named } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const authenticateStep = defineStep({
  schema: closedObject({
    op: z.literal('authenticate'),
    methodId: stringOrAnswer(
      'One of the authMethods initialize advertised (or not, to test), e.g. { "answerOf": "init", "path": ' +
        '"authMethods.0.id" } for the first method of the initialize step named "init".',
    ),
    ...named,
    ...expectError,
  }).meta({ description: 'authenticate with an auth method id.' }),
  check: (step, where, names) => checkAnswerRef(step.methodId, where.at('methodId'), names),
  describe: (step) => describeValue(step.methodId),
  async run(step, run) {
    const methodId = resolveString(step.methodId, run.answered, run.state.label)
    await run.request(step, run.client.agent.request(acp.methods.agent.authenticate, { methodId }))
  },
})
