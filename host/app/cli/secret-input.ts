// One secret from the person running dsh (`dsh login`'s key): at a terminal, read in raw mode and
// never echoed (not even as stars); from a pipe, the first line of stdin. undefined when the input
// ends first or Ctrl-C / Ctrl-D is pressed. The prompt goes to stderr; the secret goes nowhere.
import { createInterface } from 'node:readline'

const ENTER = ['\r', '\n']
const ERASE = ['\u007f', '\b']
const GIVE_UP = ['\u0003', '\u0004']

export function readSecret(question: string): Promise<string | undefined> {
  const { stdin } = process
  return stdin.isTTY && typeof stdin.setRawMode === 'function' ? fromTerminal(question) : firstLine(question)
}

function fromTerminal(question: string): Promise<string | undefined> {
  const { stdin, stderr } = process
  return new Promise((resolve) => {
    let typed = ''
    const done = (value: string | undefined) => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      stderr.write(value === undefined ? ' (cancelled)\n' : '\n')
      resolve(value)
    }
    const onData = (data: Buffer) => {
      // A paste arrives as one chunk, Enter included: take it character by character.
      for (const char of data.toString('utf8')) {
        if (ENTER.includes(char)) return done(typed)
        if (GIVE_UP.includes(char)) return done(undefined)
        typed = ERASE.includes(char) ? typed.slice(0, -1) : typed + char
      }
    }
    // Raw mode (no echo) first, then the question: what is typed once it shows is never echoed.
    stdin.setRawMode(true)
    stderr.write(question)
    stdin.resume()
    stdin.on('data', onData)
  })
}

function firstLine(question: string): Promise<string | undefined> {
  process.stderr.write(question)
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin, terminal: false })
    let line: string | undefined
    lines.once('line', (text) => {
      line = text
      lines.close()
    })
    lines.once('close', () => {
      process.stderr.write('\n')
      resolve(line)
    })
  })
}
