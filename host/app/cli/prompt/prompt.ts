import { UsageError, type CliCommand, type OptionValues } from '../command.ts'
import { promptHelp } from './help.ts'
import { compositionArgs } from '../composition-options.ts'
import { routeConsoleToStderr } from '../stdout-guard.ts'
import { openAgentSession } from './agent-session.ts'
import { answerPermission, approvalPolicy, type ApprovalPolicy } from './approval.ts'
import { exitCodeFor, outcomeLine } from './outcome.ts'
import { TurnOutput } from './turn-output.ts'

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

export function policyOf(values: OptionValues): ApprovalPolicy {
  const policy = approvalPolicy(values)
  if (policy === 'both') throw new UsageError('--yes and --reject contradict each other: give one of them')
  return policy
}

/** A JSON-RPC error as `message (code N)`, with its data when that is text (dsh's data repeats the message). */
export function describeRequestError(error: unknown): string {
  const { message, code, data } = error as { message?: string; code?: unknown; data?: unknown }
  const detail = typeof data === 'string' ? `: ${data}` : ''
  return `${message ?? String(error)}${typeof code === 'number' ? ` (code ${code})` : ''}${detail}`
}

/** SIGINT runs `cancel` once; the second one exits 130 at once. Returns the remover. */
export function onInterrupt(cancel: () => void): () => void {
  let count = 0
  const listener = () => {
    if (++count > 1) process.exit(130)
    cancel()
  }
  process.on('SIGINT', listener)
  return () => process.off('SIGINT', listener)
}
