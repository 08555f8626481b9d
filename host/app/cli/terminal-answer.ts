// One answer from the person running dsh (`dsh review`'s a/r/s/A/R/q): a single key at a terminal,
// read in raw mode so no Enter is needed, else one line of stdin (`printf 'a\nr\n' | dsh review`).
// undefined at the end of the input: a CI job with an empty stdin is never answered for.
import { createInterface } from 'node:readline'
import { LineReader } from './prompt/line-reader.ts'

/** Ctrl-C and Ctrl-D in raw mode (no signal is raised): the person wants out. */
export const INTERRUPT_KEYS = ['\u0003', '\u0004']

/** Reads answers for a whole run from `process.stdin`, writing questions to stderr. */
export function stdinAnswers(): (question: string) => Promise<string | undefined> {
  const { stdin } = process
  if (stdin.isTTY && typeof stdin.setRawMode === 'function') return readKey
  return lineReader()
}

async function readKey(question: string): Promise<string | undefined> {
  const { stdin, stderr } = process
  stderr.write(question)
  const key = await new Promise<string>((resolve) => {
    stdin.setRawMode(true)
    stdin.resume()
    stdin.once('data', (data: Buffer) => {
      stdin.setRawMode(false)
      stdin.pause()
      resolve(data.toString('utf8'))
    })
  })
  // The key is not echoed in raw mode: show what was taken, as a line of its own.
  stderr.write(`${INTERRUPT_KEYS.includes(key) ? '^C' : key.replace(/[\r\n]/g, '')}\n`)
  return key
}

/** Lines of a piped stdin, one per question, through one reader for the run (no buffered line is lost). */
function lineReader(): (question: string) => Promise<string | undefined> {
  let reader: LineReader | undefined
  return async (question) => {
    reader ??= new LineReader(createInterface({ input: process.stdin, output: process.stderr, terminal: false }))
    const line = await reader.next(question)
    // Piped answers are not echoed: show what was taken, so the log reads like the terminal.
    process.stderr.write(line === undefined ? ' (end of input)\n' : `${line}\n`)
    return line
  }
}
