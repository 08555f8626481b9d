import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, expectError, named, promptBody, sessionTarget } from '../fields.ts'
import { defineStep } from '../step-kind.ts'

export const promptStep = defineStep({
  schema: closedObject({
    op: z.literal('prompt'),
    ...named,
    ...sessionTarget,
    ...promptBody,
    background: z.boolean().optional().meta({
      description: 'Send without waiting for the response (needs "as"); an await step collects and judges it.',
    }),
    ...expectError,
  }).meta({ description: 'session/prompt; waits for the response unless background.' }),
  names: (step) => (step.background ? 'background-prompt' : 'step'),
  check(step, where, names) {
    if ((step.text === undefined) === (step.content === undefined))
      names.issue(
        where.at(),
        step.text === undefined ? 'a prompt needs text or content' : 'give either text or content, not both',
      )
    checkTarget(step, where, names)
    if (step.background && step.as === undefined)
      names.issue(
        where.at('background'),
        'a background prompt needs "as" so a later await step can collect its response',
      )
  },
  describe: (step) =>
    `${describeTarget(step)}${step.text !== undefined ? ` ${JSON.stringify(step.text.slice(0, 40))}` : ''}` +
    `${step.background ? ' in background' : ''}`,
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    const prompt = step.content
      ? (run.expand(step.content) as acp.ContentBlock[])
      : [{ type: 'text' as const, text: step.text ?? '' }]
    const response = run.client.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt })
    if (step.background && step.as !== undefined) run.startBackground({ ...step, as: step.as }, response)
    else await run.request(step, response)
  },
})
