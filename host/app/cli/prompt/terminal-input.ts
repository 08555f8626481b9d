// The person's side of `dsh prompt` / `dsh chat`: input lines through one LineReader, and Ctrl-C,
// which readline reports as a key at a terminal and the process receives as SIGINT otherwise.
import { createInterface } from 'node:readline'
import { LineReader } from './line-reader.ts'

interface TerminalInputOptions {
  input: NodeJS.ReadableStream
  /** Where prompts and questions are shown (and, at a terminal, the line being typed). */
  prompts: NodeJS.WritableStream
  /** Line editing and Ctrl-C as a key; off for piped input. */
  terminal: boolean
  onInterrupt(): void
}

export interface TerminalInput {
  reader: LineReader
  /** Stop reading (so the process can exit) and stop listening for Ctrl-C. */
  close(): void
}

export function openTerminalInput(options: TerminalInputOptions): TerminalInput {
  const lines = createInterface({ input: options.input, output: options.prompts, terminal: options.terminal })
  const reader = new LineReader(lines)
  const interrupt = () => options.onInterrupt()
  lines.on('SIGINT', interrupt)
  process.on('SIGINT', interrupt)
  return {
    reader,
    close() {
      process.off('SIGINT', interrupt)
      lines.close()
    },
  }
}
