// ask_user: the model asks the user a question and waits for the answer (issue 38 item 1). It is
// an ACP form elicitation, so it is offered only when the prompt's client advertised
// `elicitation.form`; the answer, a decline or a dismissal is the result. A session/cancel while the
// question is open withdraws it (the request is cancelled) and ends the turn. An answer that does
// not fit the form is refused by name, never passed on as if the user had said it.
import { z } from 'zod'
import type { ElicitAnswer } from './client-access.ts'
import { defineTool, errorResult, okResult, requiredString, toolArgs } from './define-tool.ts'
import type { ToolResult } from './types.ts'

const MAX_CHOICES = 20

const AskUserArgs = toolArgs({
  question: requiredString()
    .min(1, { error: 'must not be empty' })
    .describe('The question, in one or two plain sentences the user can answer without more context'),
  choices: z
    .array(z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }), {
      error: 'must be an array of strings',
    })
    .min(2, { error: 'needs at least 2 options (leave it out for a free answer)' })
    .max(MAX_CHOICES, { error: `takes at most ${MAX_CHOICES} options` })
    .refine((choices) => new Set(choices).size === choices.length, { error: 'lists an option twice' })
    .optional()
    .describe('Options the user picks one of; leave out for a free-text answer'),
})

type AskUserArgs = z.output<typeof AskUserArgs>

/** The form: one required string field `answer`, limited to the choices when there are some. */
function questionForm(args: AskUserArgs): Record<string, unknown> {
  const answer = { type: 'string', title: 'Answer', ...(args.choices ? { enum: args.choices } : { minLength: 1 }) }
  return { type: 'object', properties: { answer }, required: ['answer'] }
}

/** The tool result an answer makes; one that does not fit the form is an error naming the field. */
function answerResult(answer: ElicitAnswer, args: AskUserArgs): ToolResult {
  switch (answer.action) {
    case 'decline':
      return okResult('The user declined to answer the question.')
    case 'cancel':
      return okResult('The user dismissed the question without answering.')
    case 'accept': {
      const value = answer.content?.answer
      const problem =
        typeof value !== 'string'
          ? `content.answer is ${value === undefined ? 'missing' : `${JSON.stringify(value)}, not a string`}`
          : args.choices && !args.choices.includes(value)
            ? `content.answer ${JSON.stringify(value)} is not one of the choices ` +
              args.choices.map((c) => JSON.stringify(c)).join(', ')
            : value.length === 0
              ? 'content.answer is empty'
              : undefined
      if (problem) return errorResult(`The client's answer does not match the question's form: ${problem}.`)
      return okResult(`The user answered: ${value}`)
    }
    default:
      return errorResult(
        `The client answered the question with the action ${JSON.stringify(answer.action)}, which is none of ` +
          'accept, decline, cancel.',
      )
  }
}

const WITHDRAWN = 'Cancelled: the user cancelled the turn while the question was open; the question was withdrawn.'

/** The answer, or a rejection the moment the turn is cancelled (a client need not answer a withdrawn question). */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('cancelled'))
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('cancelled'))
    signal.addEventListener('abort', onAbort, { once: true })
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

export function createAskUserTool() {
  return defineTool({
    name: 'ask_user',
    description:
      'Ask the user a question and wait for the answer, when you cannot go on without a decision or a fact only ' +
      'the user has. Give choices when the answer is one of a few options. The user may decline.',
    kind: 'other',
    needsApproval: false,
    requiresClient: 'elicit',
    args: AskUserArgs,
    title: (args) => (args ? `ask_user: ${args.question}` : 'ask_user'),
    async run(args, context) {
      const elicit = context.client?.elicit
      // Not offered without it; a subagent of a client that lost it, or a test, still gets a clear answer.
      if (!elicit) return errorResult('The client cannot show questions (no elicitation); ask in your reply instead.')
      const request = { message: args.question, requestedSchema: questionForm(args) }
      const { signal } = context
      try {
        return answerResult(
          await untilAborted(elicit({ ...request, toolCallId: context.origin?.callId }, signal), signal),
          args,
        )
      } catch (error) {
        if (signal.aborted) return errorResult(WITHDRAWN)
        return errorResult(`The client did not answer the question: ${(error as Error)?.message ?? String(error)}`)
      }
    },
  })
}
