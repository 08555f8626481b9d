// Turn a request into the echo model's response as a list of actions: chunks to emit,
// pauses, and a failure to throw. Pure, so every behaviour is testable without timers.
import type { LlmRequest, Message, StreamChunk } from '../llm/types.ts'
import { EchoScriptError, parseEchoScript, type EchoCommand, type EchoFinishReason } from './commands.ts'

export type EchoAction =
  | { kind: 'chunk'; chunk: StreamChunk }
  /** `ms: null` waits until the request is aborted. */
  | { kind: 'sleep'; ms: number | null }
  | { kind: 'fail'; code: string; status?: number; message: string }

/** How much of a tool's output the summary turn quotes. */
export const SUMMARY_OUTPUT_CHARS = 200

type ToolMessage = Extract<Message, { role: 'tool' }>

export function planEchoResponse(request: Pick<LlmRequest, 'turn' | 'step' | 'system' | 'messages'>): EchoAction[] {
  const results = trailingToolResults(request.messages)
  if (results.length) return finishWith(summaryActions(results), 'stop', request)
  let commands: EchoCommand[]
  try {
    commands = parseEchoScript(lastUserText(request.messages))
  } catch (error) {
    if (!(error instanceof EchoScriptError)) throw error
    return [{ kind: 'fail', code: 'ECHO_BAD_SCRIPT', message: error.message }]
  }
  return scriptActions(commands, request)
}

/** Execute the script in order; `finish` and `fail` end it. */
function scriptActions(
  commands: EchoCommand[],
  request: Pick<LlmRequest, 'turn' | 'step' | 'system' | 'messages'>,
): EchoAction[] {
  const actions: EchoAction[] = []
  let textLines = 0
  let thinkLines = 0
  let toolCalls = 0
  for (const command of commands) {
    switch (command.kind) {
      case 'text':
        appendAll(actions, wordChunks(textLines++ ? `\n${command.text}` : command.text, 'text-delta'))
        break
      case 'think':
        appendAll(actions, wordChunks(thinkLines++ ? `\n${command.text}` : command.text, 'reasoning-delta'))
        break
      case 'sleep':
        actions.push({ kind: 'sleep', ms: command.ms })
        break
      case 'tool':
        appendAll(actions, toolCallChunks(toolCalls++, command.name, command.arguments, request))
        break
      case 'fail': {
        const fail: EchoAction = {
          kind: 'fail',
          code: command.code,
          message: command.message ?? `echo model failed with ${command.code} (scripted)`,
        }
        if (command.status !== undefined) fail.status = command.status
        actions.push(fail)
        return actions
      }
      case 'finish':
        return finishWith(actions, command.reason, request)
    }
  }
  return finishWith(actions, toolCalls ? 'tool-calls' : 'stop', request)
}

/** `target.push(...items)` passes every item as an argument: a long prompt overflows the stack. */
function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item)
}

/** Split text at word boundaries, whitespace kept with the following word: concatenation gives the text back. */
export function splitWords(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? []
}

function wordChunks(text: string, type: 'text-delta' | 'reasoning-delta'): EchoAction[] {
  return splitWords(text).map((piece) => ({ kind: 'chunk', chunk: { type, text: piece } }))
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

function summaryActions(results: ToolMessage[]): EchoAction[] {
  const lines = results.map((result) => {
    const verb = result.isError ? 'failed' : 'returned'
    const output = [...result.content]
    const quoted = output.slice(0, SUMMARY_OUTPUT_CHARS).join('') + (output.length > SUMMARY_OUTPUT_CHARS ? '…' : '')
    return `tool ${result.name || result.toolCallId} ${verb}: ${quoted}`
  })
  return wordChunks(lines.join('\n'), 'text-delta')
}

/** Usage (deterministic: characters / 4, rounded up) then the finish chunk. */
function finishWith(
  actions: EchoAction[],
  reason: EchoFinishReason,
  request: Pick<LlmRequest, 'system' | 'messages'>,
): EchoAction[] {
  let outputChars = 0
  for (const action of actions) {
    if (action.kind !== 'chunk') continue
    const chunk = action.chunk
    if (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') outputChars += chunk.text.length
    if (chunk.type === 'tool-call-delta') outputChars += (chunk.name?.length ?? 0) + chunk.argumentsDelta.length
  }
  const inputChars = request.system.length + request.messages.reduce((sum, message) => sum + message.content.length, 0)
  return [
    ...actions,
    {
      kind: 'chunk',
      chunk: { type: 'usage', inputTokens: Math.ceil(inputChars / 4), outputTokens: Math.ceil(outputChars / 4) },
    },
    { kind: 'chunk', chunk: { type: 'finish', reason } },
  ]
}

/** The tool results after the last non-tool message (several calls in one step answer together). */
function trailingToolResults(messages: Message[]): ToolMessage[] {
  let start = messages.length
  while (start > 0 && messages[start - 1].role === 'tool') start--
  return messages.slice(start) as ToolMessage[]
}

function lastUserText(messages: Message[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]
    if (message.role === 'user') return message.content
  }
  return ''
}
