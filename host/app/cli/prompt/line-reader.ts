// One reader of input lines for the whole chat: the next prompt and an approval's answer come
// from the same queue, so a line typed (or piped) ahead is never read twice or lost.
import type { Interface } from 'node:readline'

export class LineReader {
  private readonly queued: string[] = []
  private waiting: ((line: string | undefined) => void) | undefined
  private ended = false

  constructor(private readonly lines: Interface) {
    lines.on('line', (line) => {
      const waiting = this.waiting
      this.waiting = undefined
      if (waiting) waiting(line)
      else this.queued.push(line)
    })
    lines.on('close', () => {
      this.ended = true
      this.waiting?.(undefined)
      this.waiting = undefined
    })
  }

  /** End the wait of a question nobody will answer now (the turn was cancelled): it gets undefined. */
  abandon(): void {
    const waiting = this.waiting
    this.waiting = undefined
    waiting?.(undefined)
  }

  /** The next line, showing `prompt` when none is waiting yet; undefined once input has ended (Ctrl-D). */
  next(prompt: string): Promise<string | undefined> {
    if (this.queued.length) return Promise.resolve(this.queued.shift())
    if (this.ended) return Promise.resolve(undefined)
    this.lines.setPrompt(prompt)
    this.lines.prompt()
    return new Promise((resolve) => {
      this.waiting = resolve
    })
  }
}
