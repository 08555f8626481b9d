// Turn a request into the echo model's response as a sequence of actions: chunks to emit,
// pauses, and a failure to throw. Pure, so every behaviour is testable without timers.
import type { LlmRequest, Message, StreamChunk } from '../llm/types.ts'
import { EchoScriptError, parseEchoScript, type EchoCommand, type EchoFinishReason } from './commands.ts'

export type EchoAction =
  | { kind: 'chunk'; chunk: StreamChunk }
  /** `ms: null` waits until the request is aborted. */
  | { kind: 'sleep'; ms: number | null }
  | { kind: 'fail'; code: string; status?: number; message: string; retryAfterMs?: number }

/** How much of a tool's output the summary turn quotes. */
const SUMMARY_OUTPUT_CHARS = 200

type ToolMessage = Extract<Message, { role: 'tool' }>

type PlanRequest = Pick<LlmRequest, 'turn' | 'step' | 'system' | 'messages' | 'attempt'>

/** The whole response as a list (what the tests compare). */
export function planEchoResponse(request: PlanRequest): EchoAction[] {
  return [...echoActions(request)]
}

/** The response action by action: a prompt of millions of words never becomes one list of them. */
export function* echoActions(request: PlanRequest): Generator<EchoAction> {
  const results = trailingToolResults(request.messages)
  if (results.length) return yield* withUsage(summaryActions(results), request)
  let commands: EchoCommand[]
  try {
    commands = parseEchoScript(lastUserText(request.messages))
  } catch (error) {
    if (!(error instanceof EchoScriptError)) throw error
    yield { kind: 'fail', code: 'ECHO_BAD_SCRIPT', message: error.message }
    return
  }
  yield* withUsage(scriptActions(commands, request), request)
}

/** What ends a response: a finish reason (usage and finish follow), or nothing after a failure. */
type Ending = EchoFinishReason | undefined

/** Execute the script in order; `finish` and `fail` end it. */
function* scriptActions(commands: EchoCommand[], request: PlanRequest): Generator<EchoAction, Ending> {
  let textLines = 0
  let thinkLines = 0
  let toolCalls = 0
  for (const command of commands) {
    switch (command.kind) {
      case 'text':
        yield* wordChunks(textLines++ ? `\n${command.text}` : command.text, 'text-delta')
        break
      case 'think':
        yield* wordChunks(thinkLines++ ? `\n${command.text}` : command.text, 'reasoning-delta')
        break
      case 'sleep':
        yield { kind: 'sleep', ms: command.ms }
        break
      case 'tool':
        yield* toolCallChunks(toolCalls++, command.name, command.arguments, request)
        break
      case 'fail': {
        const fail: EchoAction = {
          kind: 'fail',
          code: command.code,
          message: command.message ?? `echo model failed with ${command.code} (scripted)`,
        }
        if (command.status !== undefined) fail.status = command.status
        yield fail
        return undefined
      }
      case 'flaky': {
        if ((request.attempt ?? 1) > command.attempts) break
        const message =
          command.message ?? `echo model failed with ${command.code} (scripted, attempt ${request.attempt ?? 1})`
        // Retry-After 0: the agent retries at once, so a script stays fast.
        yield {
          kind: 'fail',
          code: command.code,
          message,
          retryAfterMs: 0,
          ...(command.status ? { status: command.status } : {}),
        }
        return undefined
      }
      case 'finish':
        return command.reason
    }
  }
  return toolCalls ? 'tool-calls' : 'stop'
}

/** Split text at word boundaries, whitespace kept with the following word: concatenation gives the text back. */
export function splitWords(text: string): string[] {
  return Array.from(words(text))
}

/**
 * The pieces of splitWords one at a time: a prompt of millions of words never becomes an array of
 * millions of strings (which outlive a young-generation GC and made a 2-million-word echo 3× slower).
 */
function* words(text: string): Generator<string> {
  const word = /\s*\S+|\s+$/g
  for (let match = word.exec(text); match; match = word.exec(text)) yield match[0]
}

function* wordChunks(text: string, type: 'text-delta' | 'reasoning-delta'): Generator<EchoAction> {
  for (const piece of words(text)) yield { kind: 'chunk', chunk: { type, text: piece } }
}

/** One call: id and name in the first delta, the arguments split over two deltas. */
function toolCallChunks(
  index: number,
  name: string,
  args: string,
  request: Pick<LlmRequest, 'turn' | 'step'>,
): EchoAction[] {
  const codePoints = [...args]
  const half = Math.ceil(codePoints.length / 2)
  const id = `call_${request.turn}_${request.step}_${index + 1}`
  return [
    {
      kind: 'chunk',
      chunk: { type: 'tool-call-delta', index, id, name, argumentsDelta: codePoints.slice(0, half).join('') },
    },
    { kind: 'chunk', chunk: { type: 'tool-call-delta', index, argumentsDelta: codePoints.slice(half).join('') } },
  ]
}

function* summaryActions(results: ToolMessage[]): Generator<EchoAction, Ending> {
  const lines = results.map((result) => {
    const verb = result.isError ? 'failed' : 'returned'
    const output = [...result.content]
    const quoted = output.slice(0, SUMMARY_OUTPUT_CHARS).join('') + (output.length > SUMMARY_OUTPUT_CHARS ? '…' : '')
    return `tool ${result.name || result.toolCallId} ${verb}: ${quoted}`
  })
  yield* wordChunks(lines.join('\n'), 'text-delta')
  return 'stop'
}

/** The actions as they come, then (unless they failed) usage (characters / 4, rounded up) and finish. */
function* withUsage(actions: Generator<EchoAction, Ending>, request: PlanRequest): Generator<EchoAction> {
  let outputChars = 0
  let next = actions.next()
  for (; !next.done; next = actions.next()) {
    const action = next.value
    if (action.kind === 'chunk') {
      const chunk = action.chunk
      if (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') outputChars += chunk.text.length
      if (chunk.type === 'tool-call-delta') outputChars += (chunk.name?.length ?? 0) + chunk.argumentsDelta.length
    }
    yield action
  }
  const reason = next.value
  if (reason === undefined) return
  const inputChars = request.system.length + request.messages.reduce((sum, message) => sum + message.content.length, 0)
  yield {
    kind: 'chunk',
    chunk: { type: 'usage', inputTokens: Math.ceil(inputChars / 4), outputTokens: Math.ceil(outputChars / 4) },
  }
  yield { kind: 'chunk', chunk: { type: 'finish', reason } }
}

/** The tool results after the last non-tool message (several calls in one step answer together). */
function trailingToolResults(messages: Message[]): ToolMessage[] {
  const start = messages.findLastIndex((message) => message.role !== 'tool') + 1
  return messages.slice(start) as ToolMessage[]
}

function lastUserText(messages: Message[]): string {
  const message = messages.findLast((candidate) => candidate.role === 'user')
  return message?.role === 'user' ? message.content : ''
}
