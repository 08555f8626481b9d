import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, named, sessionTarget } from '../fields.ts'
import { ScriptStepFailure } from '../outcome.ts'
import { defineStep } from '../step-kind.ts'

/** A value the client may put in an answered form (ACP `ElicitationContentValue`). */
const contentValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])

export const answerQuestionStep = defineStep({
  schema: closedObject({
    op: z.literal('answerQuestion'),
    ...named,
    ...sessionTarget,
    action: z.enum(['accept', 'decline', 'cancel', 'hold']).meta({
      description:
        'How the user answers the next question the agent asks in the session (elicitation/create): accept ' +
        '(with content), decline, cancel (dismissed), or hold (leave it open until the agent withdraws it, e.g. ' +
        'after a cancel step; it is then answered cancel).',
    }),
    content: z
      .record(z.string(), contentValue)
      .optional()
      .meta({ description: 'The form fields of an accept, e.g. { "answer": "blue" } for dsh\'s ask_user.' }),
  }).meta({
    description:
      'Waits for the agent\'s next question in the session and answers it; a client that advertises "elicitation".',
  }),
  check(step, where, names) {
    checkTarget(step, where, names)
    if (step.content !== undefined && step.action !== 'accept')
      names.issue(where.at('content'), `content is only for "accept"; a ${step.action} has none`)
  },
  describe: (step) => `${describeTarget(step)} ${step.action}`,
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    const questions = run.client.questions
    if (!questions) throw new ScriptStepFailure(`${run.state.label}: this host plays no client that answers questions`)
    const question = await run.client.wait(questions.next(sessionId), 'update', `a question in ${run.state.label}`)
    if (step.action === 'hold') return
    question.answer(
      step.action === 'accept' ? { action: 'accept', content: step.content ?? null } : { action: step.action },
    )
  },
})
