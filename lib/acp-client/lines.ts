// fs/read_text_file's `line` and `limit`: the slice of a text an editor answers with. Pure.

/** `line` is 1-based; `limit` counts lines from there. Neither: the whole text. */
export function sliceLines(text: string, line?: number, limit?: number): string {
  if (line === undefined && limit === undefined) return text
  const lines = text.split('\n')
  const start = Math.max(0, (line ?? 1) - 1)
  return lines.slice(start, limit === undefined ? undefined : start + limit).join('\n')
}
