import { UsageError, type CliCommand } from './command.ts'
import { promptHelp } from './prompt/help.ts'
import { compositionArgs } from './composition-options.ts'
import { routeConsoleToStderr } from './stdout-guard.ts'
import { openAgentSession } from './prompt/agent-session.ts'
import { answerPermission } from './prompt/approval.ts'
import { describeRequestError, onInterrupt, policyOf } from './prompt/command-support.ts'
import { exitCodeFor, outcomeLine } from './prompt/outcome.ts'
import { TurnOutput } from './prompt/turn-output.ts'

/**
 * `dsh prompt "TEXT"`: one turn with the composition, as an editor would run it: the answer
 * streams to stdout, tool calls and diagnostics go to stderr, and the exit code is the turn's
 * outcome (./outcome.ts). Ctrl-C cancels the turn; a second one exits at once.
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
    const ask = io.ask ? (question: string) => io.ask!(question) : undefined
    const session = await openAgentSession({
      ...compositionArgs(values),
      env: io.env,
      cwd: process.cwd(),
      log,
      onUpdate: (notification) => output.update(notification),
      onPermission: (params) => answerPermission(params, policy, ask, log),
    })
    const stopInterrupts = onInterrupt(() => {
      log('dsh prompt: cancelling the turn (Ctrl-C again exits at once)')
      void session.cancel()
    })
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
    } finally {
      stopInterrupts()
      await session.close()
    }
  },
}
