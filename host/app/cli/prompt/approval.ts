// The agent's permission requests, answered at the terminal or by a flag. The question and the
// choice are pure; the asking goes through an `ask` function (the terminal, or a test's lines).
import type { PermissionOption, RequestPermissionRequest, RequestPermissionResponse } from '@agentclientprotocol/sdk'
import { preferredOption } from '../../../../lib/permission-choice.ts'

/** `ask`: put each request to the person; `yes` / `reject`: answer every request so (--yes, --reject). */
export type ApprovalPolicy = 'ask' | 'yes' | 'reject'

/** Asks one question and reads one answer line; undefined when input has ended. */
export type AskLine = (question: string) => Promise<string | undefined>

function approvalQuestion(params: RequestPermissionRequest): string {
  const title = params.toolCall.title ?? params.toolCall.toolCallId
  const choices = params.options.map((option, index) => `${index + 1}) ${option.name}`).join('  ')
  return `Allow ${title}? ${choices} [y/n/number]: `
}

/** The option an answer names: its number, `y`/`yes` (allow once), `n`/`no` (reject once); else undefined. */
function optionForAnswer(answer: string, options: readonly PermissionOption[]): PermissionOption | undefined {
  const word = answer.trim().toLowerCase()
  if (/^\d+$/.test(word)) return options[Number(word) - 1]
  if (word === 'y' || word === 'yes') return preferredOption(options, 'allow')
  if (word === 'n' || word === 'no') return preferredOption(options, 'reject')
  return undefined
}

const selected = (option: PermissionOption): RequestPermissionResponse => ({
  outcome: { outcome: 'selected', optionId: option.optionId },
})
const CANCELLED: RequestPermissionResponse = { outcome: { outcome: 'cancelled' } }

/**
 * Answer one request: by the policy, else by asking (again after an answer that names no option).
 * With nothing to ask (no terminal, input ended) it is rejected, and `note` says how to allow it.
 */
export async function answerPermission(
  params: RequestPermissionRequest,
  policy: ApprovalPolicy,
  ask: AskLine | undefined,
  note: (line: string) => void,
): Promise<RequestPermissionResponse> {
  const rejection = preferredOption(params.options, 'reject')
  if (policy !== 'ask') {
    const option = policy === 'yes' ? preferredOption(params.options, 'allow') : rejection
    return option ? selected(option) : CANCELLED
  }
  const title = params.toolCall.title ?? params.toolCall.toolCallId
  while (ask) {
    const answer = await ask(approvalQuestion(params))
    if (answer === undefined) break
    const option = optionForAnswer(answer, params.options)
    if (option) return selected(option)
    note(`  answer y, n or an option's number (1-${params.options.length})`)
  }
  note(
    `dsh: rejected ${title}: no answer (stdin is not a terminal, has ended, or the turn was cancelled); pass ` +
      '--yes to allow tool calls',
  )
  return rejection ? selected(rejection) : CANCELLED
}

/** --yes / --reject, or asking; both flags at once is a usage error. */
export function approvalPolicy(values: { yes?: unknown; reject?: unknown }): ApprovalPolicy | 'both' {
  if (values.yes === true && values.reject === true) return 'both'
  return values.yes === true ? 'yes' : values.reject === true ? 'reject' : 'ask'
}
