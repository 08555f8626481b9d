// The agent's raw stdout, read beside the ACP client: every line must be a JSON-RPC message
// (stdout-lines.ts), and past MAX_CASE_STDOUT_BYTES the agent is flooding. Either problem is
// reported once, and the case stops at once.
import { plural } from '../../lib/plural.ts'
import { StdoutLineCheck } from './stdout-lines.ts'

/**
 * What one case may read from the agent's stdout. A case's exchange is small (the largest corpus
 * case is well under 1 MiB); past this the agent is flooding, and the case stops at once instead of
 * recording messages until its timeout (it grew the runner ~14 MB/s).
 */
const MAX_CASE_STDOUT_BYTES = 16 * 1024 * 1024

export class StdoutGuard {
  /** The first problem seen: the case's failure. */
  problem: string | undefined
  private bytes = 0
  private readonly lines = new StdoutLineCheck((problem) => this.stop(problem))

  constructor(
    private readonly onProblem: (problem: string) => void,
    /** How many messages were recorded so far, for the flooding message. */
    private readonly messages: () => number,
  ) {}

  push(chunk: Buffer): void {
    this.bytes += chunk.length
    if (this.bytes > MAX_CASE_STDOUT_BYTES)
      this.stop(
        `flooding: the agent wrote more than ${MAX_CASE_STDOUT_BYTES} bytes (16 MiB) to stdout in this case ` +
          `(${plural(this.messages(), 'message')} recorded); the case was stopped early. A conformance exchange is ` +
          'small: look for a loop that sends updates without end',
      )
    this.lines.push(chunk)
  }

  end(): void {
    this.lines.end()
  }

  private stop(problem: string): void {
    if (this.problem !== undefined) return
    this.problem = problem
    this.onProblem(problem)
  }
}
