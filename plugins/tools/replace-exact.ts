// The text transformation behind edit_file (pure): replace an exact string, once or everywhere.

type Replacement =
  | { ok: true; text: string; count: number /** offset of the first replacement in the new text */; at: number }
  | { ok: false; count: number }

/** Non-overlapping occurrences, left to right (what `replaceAll` would replace). */
function countOccurrences(text: string, search: string): number {
  let count = 0
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length)) count++
  return count
}

/**
 * Replaces `search` by `replacement`: the single occurrence, or all with `all`. Not ok when
 * there is none, or more than one without `all` (`count` says how many). `search` is non-empty.
 * Split/join, not String.replace: `$&` and friends in the replacement stay literal.
 */
export function replaceExact(text: string, search: string, replacement: string, all: boolean): Replacement {
  const count = countOccurrences(text, search)
  if (count === 0 || (count > 1 && !all)) return { ok: false, count }
  return { ok: true, text: text.split(search).join(replacement), count, at: text.indexOf(search) }
}
