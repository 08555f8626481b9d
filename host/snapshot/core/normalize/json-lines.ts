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

/**
 * Split `text` into lines and parse each as JSON. A final newline ends the last
 * line; any other empty line is an error like any non-JSON line. `recognize` may stand in
 * for the parse of a line it knows the meaning of (see chunk-lines.ts).
 */
export function parseJsonLines(
  text: string,
  source: string,
  hint: string,
  recognize?: (raw: string) => object | undefined,
): Array<{ line: number; value: unknown; raw: string }> {
  if (text === '') return []
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines.map((raw, index) => {
    try {
      return { line: index + 1, value: recognize?.(raw) ?? (JSON.parse(raw) as unknown), raw }
    } catch (error) {
      throw new JsonLineError(source, index + 1, raw, `is not JSON (${(error as Error).message.split('\n')[0]})`, hint)
    }
  })
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
