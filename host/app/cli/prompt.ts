import { UsageError, type CliCommand, type CliIO } from './command.ts'
import { compositionArgs } from './composition-options.ts'
import { openAgentSession, type AgentSession } from './prompt/agent-session.ts'
import { answerPermission, type AskLine } from './prompt/approval.ts'
import { describeRequestError, policyOf } from './prompt/command-support.ts'
import { promptHelp } from './prompt/help.ts'
import { exitCodeFor, outcomeLine } from './prompt/outcome.ts'
import { openTerminalInput } from './prompt/terminal-input.ts'
import { TurnOutput } from './prompt/turn-output.ts'
import { routeConsoleToStderr } from './stdout-guard.ts'

/**
 * `dsh prompt "TEXT"`: one turn with the composition, as an editor would run it: the answer
 * streams to stdout, tool calls and diagnostics go to stderr, and the exit code is the turn's
 * outcome (./prompt/outcome.ts). Ctrl-C cancels the turn; a second one exits at once.
 */
export const promptCommand: CliCommand = {
  ...promptHelp,
  async run({ values, positionals }, io) {
    const text = positionals.join(' ').trim()
    if (!text) throw new UsageError('dsh prompt needs the text to send, e.g. dsh prompt "Say hello in a few words."')
    const policy = policyOf(values)
    const log = (line: string) => io.stderr(`${line}\n`)
    routeConsoleToStderr()
    const output = new TurnOutput(io, values.json === true)
    let session: AgentSession | undefined
    const person = listenToPerson(io, () => {
      log('dsh prompt: cancelling the turn (Ctrl-C again exits at once)')
      void session?.cancel()
    })
    try {
      session = await openAgentSession({
        ...compositionArgs(values),
        env: io.env,
        cwd: process.cwd(),
        log,
        onUpdate: (notification) => output.update(notification),
        onPermission: (params) => answerPermission(params, policy, person.ask, log),
      })
      return await promptOnce(session, text, output, log)
    } finally {
      person.close()
      await session?.close()
    }
  },
}

async function promptOnce(session: AgentSession, text: string, output: TurnOutput, log: (line: string) => void) {
  try {
    const stopReason = await session.prompt(text)
    output.end()
    const outcome = outcomeLine('prompt', stopReason)
    if (outcome) log(outcome)
    return exitCodeFor(stopReason)
  } catch (error) {
    output.end()
    log(`dsh prompt: the agent answered the prompt with an error: ${describeRequestError(error)}`)
    return 1
  }
}

/**
 * Questions at the terminal (none without one) and Ctrl-C: the first cancels the turn, dropping
 * a question it was waiting on; the second exits 130 at once.
 */
function listenToPerson(io: CliIO, cancel: () => void): { ask: AskLine | undefined; close(): void } {
  let interrupts = 0
  const onInterrupt = () => {
    if (++interrupts > 1) process.exit(130)
    terminal?.reader.abandon()
    cancel()
  }
  const terminal = io.isTTY?.stdin
    ? openTerminalInput({ input: process.stdin, prompts: process.stderr, terminal: true, onInterrupt })
    : undefined
  if (terminal) return { ask: (question) => terminal.reader.next(question), close: () => terminal.close() }
  process.on('SIGINT', onInterrupt)
  return { ask: undefined, close: () => process.off('SIGINT', onInterrupt) }
}
