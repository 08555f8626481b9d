// JSON Lines in and out. Every line must be JSON: a stray log line on stdout or
// a torn write in a session file is an error naming the line, never skipped.

export class JsonLineError extends Error {
  override readonly name = 'JsonLineError'
  constructor(
    /** What was read, e.g. `stdout` or `scenarios/text-turn/session.jsonl`. */
    readonly source: string,
    /** 1-based line number. */
    readonly line: number,
    readonly raw: string,
    reason: string,
    hint: string,
  ) {
    super(`${source} line ${line} ${reason}: ${shorten(raw)}\n${hint}`)
  }
}

function shorten(raw: string): string {
  const shown = JSON.stringify(raw)
  return shown.length > 300 ? `${shown.slice(0, 297)}...` : shown
}

/** What one parsed line stands for; it throws a JsonLineError (with `line` and `raw`) for a wrong one. */
type LineReader<T> = (value: unknown, raw: string, line: number) => T

/**
 * Split `text` into lines and parse each as JSON, then `read` it, in one pass. A final
 * newline ends the last line; any other empty line is an error like any non-JSON line.
 */
export function parseJsonLines<T = unknown>(
  text: string,
  source: string,
  hint: string,
  read: LineReader<T> = (value) => value as T,
): T[] {
  if (text === '') return []
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  const out = new Array<T>(lines.length)
  for (const [index, raw] of lines.entries()) {
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch (error) {
      throw new JsonLineError(source, index + 1, raw, `is not JSON (${(error as Error).message.split('\n')[0]})`, hint)
    }
    out[index] = read(value, raw, index + 1)
  }
  return out
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
