// ACP over stdio carries JSON-RPC messages only, one per line. The SDK answers a line it cannot
// parse with a parse error and drops it, so an agent that prints a banner or logs to stdout
// looks like one that never answers. This check sees the agent's raw stdout bytes and names the
// first line that is not a JSON-RPC message object (pure: the caller feeds it chunks).

import { firstInvalidUtf8 } from '../../lib/utf8.ts'

const SHOWN_CHARS = 120

export class StdoutLineCheck {
  private pending: Buffer[] = []
  private lineNumber = 0
  private reported = false

  /** `onProblem` is called once, for the first bad line. */
  constructor(private readonly onProblem: (problem: string) => void) {}

  push(chunk: Buffer): void {
    if (this.reported) return
    let start = 0
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.pending.push(chunk.subarray(start, newline))
      this.judge(Buffer.concat(this.pending))
      this.pending = []
      start = newline + 1
      if (this.reported) return
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start))
  }

  /** The stream ended: a last line without a newline counts too (the SDK parses it). */
  end(): void {
    if (!this.reported && this.pending.length) this.judge(Buffer.concat(this.pending))
    this.pending = []
  }

  private judge(bytes: Buffer) {
    this.lineNumber++
    // Bytes that are not UTF-8 would be read as U+FFFD by the SDK, and the case would pass.
    const invalid = firstInvalidUtf8(bytes)
    if (invalid !== undefined) {
      this.reported = true
      this.onProblem(
        `agent wrote invalid UTF-8 to stdout: byte 0x${invalid.byte.toString(16).padStart(2, '0')} at byte ` +
          `${invalid.offset + 1} of line ${this.lineNumber} of its output; ` +
          'JSON-RPC messages over stdio are UTF-8 text, and a client would read the bad bytes as U+FFFD: ' +
          'encode strings as UTF-8 (or escape them as \\uXXXX)',
      )
      return
    }
    const text = bytes.toString('utf8').trim()
    if (!text) return // blank lines are skipped by every ndjson reader
    let problem: string | undefined
    try {
      const value: unknown = JSON.parse(text)
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        problem = 'agent wrote JSON that is not a JSON-RPC message object to stdout'
    } catch {
      problem = 'agent wrote non-JSON to stdout'
    }
    if (problem === undefined) return
    this.reported = true
    const shown = text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text
    this.onProblem(
      `${problem}: ${JSON.stringify(shown)} (line ${this.lineNumber} of its output); ACP over stdio ` +
        'carries only JSON-RPC messages, one per line: the agent must write logs and banners to stderr',
    )
  }
}
