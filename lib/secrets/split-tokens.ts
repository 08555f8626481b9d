// Tokens a line break splits (a key a terminal wrapped, a PEM body's lines), as the scan's rules
// see them joined. A break counts when at least 16 token characters stand before it: ordinary prose
// has none, so a long log costs one quick pass. Breaks are real ones and the JSON escapes `\n`,
// `\r\n` that fixtures hold. Each window is the joined text and a map back to the original.
const TOKEN = /[A-Za-z0-9_+/=.-]/
const BREAK = /(?:\\r\\n|\\n|\r\n|\n)(?<=[A-Za-z0-9_+/=.-]{8}(?:\\r\\n|\\n|\r\n|\n))/g
/** How far a window reaches each way from a break, and how many breaks a token may span. */
const REACH = 512
const MAX_BREAKS = 64

export interface JoinedWindow {
  text: string
  /** Offsets in `text` where a break was taken out. */
  cuts: number[]
  /** The original offset of the character at `index` in `text`. */
  origin(index: number): number
}

export function splitTokens(text: string): JoinedWindow[] {
  const windows: JoinedWindow[] = []
  let coveredTo = -1
  for (const found of text.matchAll(BREAK)) {
    if (found.index < coveredTo) continue
    let start = found.index
    while (start > 0 && found.index - start < REACH && TOKEN.test(text.charAt(start - 1))) start--
    const window = joinFrom(text, start)
    coveredTo = window.end
    windows.push(window.joined)
  }
  return windows
}

/** The token run from `start` with each following break and run joined on, up to REACH per run. */
function joinFrom(text: string, start: number): { joined: JoinedWindow; end: number } {
  const pieces: Array<{ from: number; to: number }> = []
  let at = start
  for (let breaks = 0; breaks <= MAX_BREAKS; breaks++) {
    const from = at
    while (at < text.length && at - from < REACH && TOKEN.test(text.charAt(at))) at++
    pieces.push({ from, to: at })
    const next = breakAt(text, at)
    if (next === 0 || !TOKEN.test(text[at + next] ?? '')) break
    at += next
  }
  const cuts: number[] = []
  let length = 0
  for (const piece of pieces) {
    if (length) cuts.push(length)
    length += piece.to - piece.from
  }
  const joined = pieces.map((piece) => text.slice(piece.from, piece.to)).join('')
  const origin = (index: number) => {
    let skipped = index
    for (const piece of pieces) {
      const size = piece.to - piece.from
      if (skipped < size) return piece.from + skipped
      skipped -= size
    }
    return pieces.at(-1)!.to
  }
  return { joined: { text: joined, cuts, origin }, end: at }
}

/** The length of the line break at `at` (0 when there is none). */
function breakAt(text: string, at: number): number {
  for (const mark of ['\\r\\n', '\\n', '\r\n', '\n']) if (text.startsWith(mark, at)) return mark.length
  return 0
}
