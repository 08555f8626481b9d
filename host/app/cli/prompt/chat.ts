// The chat loop of `dsh chat` (host/app/cli/chat.ts): input lines are prompts, or answers when an
// approval is asked, read through one queue; each prompt is a turn of the same session.
import type { CliIO } from '../command.ts'
import { openAgentSession, type AgentSession } from './agent-session.ts'
import { answerPermission, type ApprovalPolicy } from './approval.ts'
import { outcomeLine } from './outcome.ts'
import { describeRequestError } from './command-support.ts'
import { openTerminalInput, type TerminalInput } from './terminal-input.ts'
import { TurnOutput } from './turn-output.ts'

const PROMPT = '> '

interface ChatOptions {
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
  const chat = new Chat(options)
  try {
    await chat.open()
    await chat.converse()
    return 0
  } finally {
    await chat.close()
  }
}

class Chat {
  private readonly output: TurnOutput
  private readonly input: TerminalInput
  private session: AgentSession | undefined
  private running = false

  constructor(private readonly options: ChatOptions) {
    this.output = new TurnOutput(options.io, false)
    this.input = openTerminalInput({ ...options, onInterrupt: () => this.interrupt() })
  }

  private log(line: string): void {
    this.options.io.stderr(`${line}\n`)
  }

  async open(): Promise<void> {
    const { options, input } = this
    const log = (line: string) => this.log(line)
    this.session = await openAgentSession({
      configFile: options.configFile,
      patches: options.patches,
      env: options.io.env,
      cwd: options.cwd,
      log,
      onUpdate: (notification) => this.output.update(notification),
      onPermission: (params) => answerPermission(params, options.policy, (q) => input.reader.next(q), log),
    })
    this.log('dsh chat: type a prompt and press Enter; Ctrl-C cancels a running turn, Ctrl-D exits.')
  }

  /** Prompt after prompt until the input ends; a failed turn is reported and the chat goes on. */
  async converse(): Promise<void> {
    const { reader } = this.input
    for (let text = await reader.next(PROMPT); text !== undefined; text = await reader.next(PROMPT)) {
      if (text.trim()) await this.turn(text)
    }
  }

  private async turn(text: string): Promise<void> {
    this.running = true
    try {
      const outcome = outcomeLine('chat', await this.session!.prompt(text))
      this.output.end()
      if (outcome) this.log(outcome)
    } catch (error) {
      this.output.end()
      this.log(`dsh chat: the agent answered with an error: ${describeRequestError(error)}`)
    } finally {
      this.running = false
    }
  }

  /** Ctrl-C: cancel the running turn (and drop a question it was waiting on); idle, say how to leave. */
  private interrupt(): void {
    if (!this.running) {
      this.log('(Ctrl-D exits)')
      return
    }
    this.log('dsh chat: cancelling the turn')
    this.input.reader.abandon()
    void this.session?.cancel()
  }

  async close(): Promise<void> {
    this.input.close()
    await this.session?.close()
  }
}
