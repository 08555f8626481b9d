// bash in the editor's terminal (ACP `terminal/*`): the editor runs and shows the command;
// dsh still owns the timeout and cancel (terminal/kill) and always releases the terminal.
import type { ProcessEnding } from '../../lib/process/group.ts'
import { OutputCapture } from './truncate.ts'
import type { ClientTerminal, TerminalExit, TerminalRequest, ToolContext } from './types.ts'

interface TerminalRun {
  ending: ProcessEnding
  /** The output as the model sees it, bounded like a local run's. */
  output: string
  /** The editor's terminal, once created (the result keeps showing it). */
  terminalId?: string
}

/** The client kept only the end of the output (it truncates from the beginning). */
const EARLIER_OUTPUT_OMITTED = "[output truncated: the editor's terminal kept only the end]"

export async function runInClientTerminal(
  create: NonNullable<NonNullable<ToolContext['client']>['createTerminal']>,
  request: TerminalRequest,
  options: { timeoutMs: number; signal: AbortSignal; update?: ToolContext['update'] },
): Promise<TerminalRun> {
  const { signal } = options
  if (signal.aborted) return { ending: { kind: 'cancelled' }, output: '' }
  let terminal: ClientTerminal
  try {
    terminal = await create(request, signal)
  } catch (error) {
    return { ending: { kind: 'spawn-error', code: `the editor's terminal failed: ${messageOf(error)}` }, output: '' }
  }
  try {
    options.update?.({ terminalId: terminal.id })
    const stopped = await exitOrStop(terminal, options.timeoutMs, signal)
    if (typeof stopped === 'string') await terminal.kill().catch(() => {})
    const final = await terminal.output()
    return {
      ending: typeof stopped === 'string' ? { kind: stopped } : endingOf(stopped.exit ?? final.exitStatus),
      output: bounded(final.output, final.truncated, request.outputByteLimit),
      terminalId: terminal.id,
    }
  } finally {
    // After release the terminal stays visible in the tool call (it was embedded first).
    await terminal.release().catch(() => {})
  }
}

/** Waits for the command to end, or for the timeout or a cancel, whichever comes first. */
function exitOrStop(
  terminal: ClientTerminal,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<{ exit?: TerminalExit } | 'timeout' | 'cancelled'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done('timeout'), timeoutMs)
    const onAbort = () => done('cancelled')
    const done = (how: { exit?: TerminalExit } | 'timeout' | 'cancelled') => {
      clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
      resolve(how)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    if (signal.aborted) return done('cancelled')
    // A failed wait (the client lost the terminal) still reads the output and its exit status.
    terminal.waitForExit().then(
      (exit) => done({ exit }),
      () => done({}),
    )
  })
}

function endingOf(status: TerminalExit | null | undefined): ProcessEnding {
  if (status?.signal) return { kind: 'signal', signal: status.signal }
  if (typeof status?.exitCode === 'number') return { kind: 'exit', code: status.exitCode }
  return { kind: 'spawn-error', code: "the editor's terminal reported no exit status" }
}

function bounded(output: string, truncatedByClient: boolean, maxBytes: number): string {
  const capture = new OutputCapture(maxBytes)
  capture.push(Buffer.from(output))
  const text = capture.text()
  return truncatedByClient ? `${EARLIER_OUTPUT_OMITTED}\n${text}` : text
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
