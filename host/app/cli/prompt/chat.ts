// The chat loop of `dsh chat` (host/app/cli/chat.ts): input lines are prompts, or answers when an
// approval is asked, read through one queue; each prompt is a turn of the same session.
import { createInterface } from 'node:readline'
import type { CliIO } from '../command.ts'
import { openAgentSession, type AgentSession } from './agent-session.ts'
import { answerPermission, type ApprovalPolicy } from './approval.ts'
import { LineReader } from './line-reader.ts'
import { outcomeLine } from './outcome.ts'
import { describeRequestError } from './command-support.ts'
import { TurnOutput } from './turn-output.ts'

const PROMPT = '> '

export interface ChatOptions {
  configFile: string
  patches: string[]
  /** Each line is a prompt (or the answer to an approval question). */
  input: NodeJS.ReadableStream
  /** Where the prompt and questions are shown (and, at a terminal, the line being typed). */
  prompts: NodeJS.WritableStream
  /** Line editing and Ctrl-C as a key (a terminal); off for piped input. */
  terminal: boolean
  cwd: string
  policy: ApprovalPolicy
  io: CliIO
}

export async function runChat(options: ChatOptions): Promise<number> {
  const { io } = options
  const log = (line: string) => io.stderr(`${line}\n`)
  const lines = createInterface({ input: options.input, output: options.prompts, terminal: options.terminal })
  const reader = new LineReader(lines)
  const output = new TurnOutput(io, false)
  let session: AgentSession | undefined
  try {
    session = await openAgentSession({
      configFile: options.configFile,
      patches: options.patches,
      env: io.env,
      cwd: options.cwd,
      log,
      onUpdate: (notification) => output.update(notification),
      onPermission: (params) => answerPermission(params, options.policy, (q) => reader.next(q), log),
    })
    log('dsh chat: type a prompt and press Enter; Ctrl-C cancels a running turn, Ctrl-D exits.')
    await converse(session, reader, output, log, lines)
    return 0
  } finally {
    lines.close()
    await session?.close()
  }
}

/** Prompt after prompt until the input ends; a failed turn is reported and the chat goes on. */
async function converse(
  session: AgentSession,
  reader: LineReader,
  output: TurnOutput,
  log: (line: string) => void,
  lines: ReturnType<typeof createInterface>,
): Promise<void> {
  let running = false
  const interrupt = () => {
    if (!running) return log('(Ctrl-D exits)')
    log('dsh chat: cancelling the turn')
    void session.cancel()
  }
  // At a terminal Ctrl-C is a key readline reports; with piped input it is the process signal.
  lines.on('SIGINT', interrupt)
  process.on('SIGINT', interrupt)
  try {
    for (let text = await reader.next(PROMPT); text !== undefined; text = await reader.next(PROMPT)) {
      if (!text.trim()) continue
      running = true
      try {
        const outcome = outcomeLine('chat', await session.prompt(text))
        output.end()
        if (outcome) log(outcome)
      } catch (error) {
        output.end()
        log(`dsh chat: the agent answered with an error: ${describeRequestError(error)}`)
      } finally {
        running = false
      }
    }
  } finally {
    process.off('SIGINT', interrupt)
  }
}
