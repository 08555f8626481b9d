// The text transformation behind edit_file (pure): replace an exact string, once or everywhere.

type Replacement =
  | { ok: true; text: string; count: number /** offset of the first replacement in the new text */; at: number }
  | { ok: false; count: number /** set when the result would exceed the byte limit: its size */; bytes?: number }

/** Non-overlapping occurrences, left to right (what `replaceAll` would replace). */
function countOccurrences(text: string, search: string): number {
  let count = 0
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length)) count++
  return count
}

/**
 * Replaces `search` by `replacement`: the single occurrence, or all with `all`. Not ok when
 * there is none, or more than one without `all` (`count` says how many), or when the new text
 * would be over `maxBytes` of UTF-8 (`bytes` says how large; nothing is built). `search` is non-empty.
 * Split/join, not String.replace: `$&` and friends in the replacement stay literal.
 */
export function replaceExact(
  text: string,
  search: string,
  replacement: string,
  all: boolean,
  maxBytes = Number.POSITIVE_INFINITY,
): Replacement {
  const count = countOccurrences(text, search)
  if (count === 0 || (count > 1 && !all)) return { ok: false, count }
  const bytes = Buffer.byteLength(text) + count * (Buffer.byteLength(replacement) - Buffer.byteLength(search))
  if (bytes > maxBytes) return { ok: false, count, bytes }
  return { ok: true, text: text.split(search).join(replacement), count, at: text.indexOf(search) }
}
