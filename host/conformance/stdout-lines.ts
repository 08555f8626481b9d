// ACP over stdio carries JSON-RPC messages only, one per line. The SDK answers a line it cannot
// parse with a parse error and drops it, so an agent that prints a banner or logs to stdout
// looks like one that never answers. This check sees the agent's raw stdout bytes and names the
// first line that is not a JSON-RPC message object (pure: the caller feeds it chunks).

const SHOWN_CHARS = 120
/** Throws on bytes that are not UTF-8: the SDK would read them as U+FFFD and the case would pass. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true })

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
    const invalid = invalidUtf8At(bytes)
    if (invalid !== undefined) {
      this.reported = true
      this.onProblem(
        `agent wrote invalid UTF-8 to stdout: byte 0x${bytes[invalid]!.toString(16).padStart(2, '0')} at byte ` +
          `${invalid + 1} of line ${this.lineNumber} of its output; JSON-RPC messages over stdio are UTF-8 text, and ` +
          'a client would read the bad bytes as U+FFFD: encode strings as UTF-8 (or escape them as \\uXXXX)',
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

/** The offset where the first sequence that is not UTF-8 starts; undefined when the line is valid. */
function invalidUtf8At(bytes: Buffer): number | undefined {
  try {
    STRICT_UTF8.decode(bytes)
    return undefined
  } catch {
    for (let at = 0; at < bytes.length; ) {
      const length = sequenceLength(bytes, at)
      if (length === 0) return at
      at += length
    }
    return 0 // not reached: the decoder and the scan agree
  }
}

/** The length of the well-formed UTF-8 sequence at `at` (RFC 3629's table), 0 when there is none. */
function sequenceLength(bytes: Buffer, at: number): number {
  const lead = bytes[at]!
  if (lead < 0x80) return 1
  const [length, low, high] =
    lead >= 0xc2 && lead <= 0xdf
      ? [2, 0x80, 0xbf]
      : lead === 0xe0
        ? [3, 0xa0, 0xbf]
        : lead === 0xed
          ? [3, 0x80, 0x9f]
          : lead >= 0xe1 && lead <= 0xef
            ? [3, 0x80, 0xbf]
            : lead === 0xf0
              ? [4, 0x90, 0xbf]
              : lead === 0xf4
                ? [4, 0x80, 0x8f]
                : lead >= 0xf1 && lead <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : [0, 0, 0]
  if (length === 0 || at + length > bytes.length) return 0
  const second = bytes[at + 1]!
  if (second < low || second > high) return 0
  for (let k = 2; k < length; k++) if ((bytes[at + k]! & 0xc0) !== 0x80) return 0
  return length
}
