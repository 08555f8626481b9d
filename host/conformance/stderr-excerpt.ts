// What the report keeps of an agent's stderr: its beginning (a boot error's message is usually
// the first line) and its end (what it said last), with a marker saying how much lay between.
// The head is captured here as the bytes arrive; the tail is the agent process's own bounded
// buffer. Pure but for the capture.

/** Bytes of stderr kept from the start. */
const HEAD_CAPTURE_BYTES = 4096
/** Characters of each end the report keeps. */
const HEAD_CHARS = 1000
const TAIL_CHARS = 2000

/** The first bytes of a stream and how many there were in all. */
export class StderrHead {
  private chunks: Buffer[] = []
  private kept = 0
  total = 0

  push(chunk: Buffer): void {
    this.total += chunk.length
    if (this.kept >= HEAD_CAPTURE_BYTES) return
    const part = chunk.subarray(0, HEAD_CAPTURE_BYTES - this.kept)
    this.chunks.push(part)
    this.kept += part.length
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8')
  }
}

/** The marker between the head and the tail; the text report recognises it (GAP_LINE). */
const gapMarker = (bytes: number): string => `[… ${bytes} bytes of stderr left out …]`

/**
 * The agent's stderr as the report keeps it: all of it when short, else its first lines, a gap
 * marker, and its last lines (each end cut at a line break when there is one).
 */
export function stderrExcerpt(head: string, tail: string, totalBytes: number): string {
  const tailBytes = Buffer.byteLength(tail)
  // The tail buffer holds everything: nothing was dropped at its front.
  const whole = tailBytes >= totalBytes ? tail : undefined
  if (whole !== undefined && whole.length <= HEAD_CHARS + TAIL_CHARS) return whole
  const start = cutHead(whole ?? head)
  const end = cutTail(tail)
  const left = Math.max(0, totalBytes - Buffer.byteLength(start) - Buffer.byteLength(end))
  if (left === 0) return start + end
  return `${start}${start.endsWith('\n') ? '' : '\n'}${gapMarker(left)}\n${end}`
}

function cutHead(text: string): string {
  if (text.length <= HEAD_CHARS) return text
  const cut = text.slice(0, HEAD_CHARS)
  const lastBreak = cut.lastIndexOf('\n')
  return lastBreak > 0 ? cut.slice(0, lastBreak + 1) : cut
}

function cutTail(text: string): string {
  if (text.length <= TAIL_CHARS) return text
  const cut = text.slice(-TAIL_CHARS)
  const firstBreak = cut.indexOf('\n')
  return firstBreak >= 0 && firstBreak < cut.length - 1 ? cut.slice(firstBreak + 1) : cut
}

const GAP_LINE = /^\[… (\d+) bytes of stderr left out …\]$/

/**
 * Lines the text report prints: the first and last `each`, with one marker for the lines left
 * out (and the bytes the excerpt had already left out between its head and tail).
 */
export function stderrLines(text: string, each = 8): string[] {
  const lines = text.trimEnd().split('\n')
  let gapAt = -1
  let gapBytes = 0
  for (const [index, line] of lines.entries()) {
    const [, bytes] = GAP_LINE.exec(line) ?? []
    if (bytes === undefined) continue
    gapAt = index
    gapBytes = Number(bytes)
    break
  }
  const kept = gapAt >= 0 ? [...lines.slice(0, gapAt), ...lines.slice(gapAt + 1)] : lines
  const headEnd = Math.min(each, gapAt >= 0 ? gapAt : each)
  const tailStart = Math.max(headEnd, kept.length - each)
  const hidden = tailStart - headEnd
  if (!hidden && !gapBytes) return kept
  const bytes = gapBytes ? `${hidden ? ' and ' : ''}${gapBytes} more bytes of stderr` : ''
  const marker = `[… ${hidden ? `${hidden} lines` : ''}${bytes} left out …]`
  return [...kept.slice(0, headEnd), marker, ...kept.slice(tailStart)]
}
