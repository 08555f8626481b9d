// How the stub cuts text into stream deltas, and counts tokens for usage: deterministically,
// and the way a real tokenizer does, roughly — a word with its leading space, one CJK character
// or emoji, short runs of punctuation, a long word in pieces; every piece is 1–6 characters
// (grapheme clusters, so an emoji or an accented letter is never cut). Not DeepSeek's real
// tokenizer: only the shape of its streams. Pure.

type Kind = 'word' | 'cjk' | 'emoji' | 'punct' | 'space' | 'newline'

const MAX = 6
/** How a long word is cut: these sizes in turn, so pieces vary like subword tokens do. */
const SUBWORD_SIZES = [6, 4, 5, 3]
const PUNCT_RUN = 3

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

function kindOf(grapheme: string): Kind {
  if (grapheme.includes('\n')) return 'newline'
  if (/^\s+$/u.test(grapheme)) return 'space'
  if (/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(grapheme)) return 'cjk'
  if (/\p{Extended_Pictographic}/u.test(grapheme)) return 'emoji'
  if (/^[\p{L}\p{M}\p{N}_]/u.test(grapheme)) return 'word'
  return 'punct'
}

/** Token-like pieces of `text`, in order; they join back to `text`. Empty text gives none. */
export function cutTokens(text: string): string[] {
  const units = Array.from(graphemes.segment(text), ({ segment }) => ({ text: segment, kind: kindOf(segment) }))
  const tokens: string[][] = []
  let current: string[] = []
  let currentKind: Kind | undefined
  const flush = () => {
    if (current.length) tokens.push(current)
    current = []
    currentKind = undefined
  }
  units.forEach((unit, index) => {
    const next = units[index + 1]
    // A single space before a non-space goes with what follows, as " word" does in real streams.
    if (unit.kind === 'space' && unit.text === ' ' && next && next.kind !== 'space' && next.kind !== 'newline') {
      flush()
      current = [unit.text]
      currentKind = undefined
      return
    }
    const joins =
      currentKind === undefined
        ? current.length > 0 && unit.kind !== 'space' && unit.kind !== 'newline'
        : currentKind === unit.kind &&
          (unit.kind === 'word' || unit.kind === 'space' || unit.kind === 'newline' || unit.kind === 'punct')
    if (!joins) flush()
    current.push(unit.text)
    currentKind = unit.kind
    if (unit.kind === 'cjk' || unit.kind === 'emoji' || (unit.kind === 'punct' && current.length >= PUNCT_RUN)) flush()
  })
  flush()
  return tokens.flatMap(cutLong)
}

/** The number of tokens the stub reports for `text` (usage). */
export function countTokens(text: string): number {
  return text ? cutTokens(text).length : 0
}

function cutLong(units: string[]): string[] {
  if (units.length <= MAX) return [units.join('')]
  const pieces: string[] = []
  for (let start = 0, turn = 0; start < units.length; turn++) {
    const size = SUBWORD_SIZES[turn % SUBWORD_SIZES.length] ?? MAX
    pieces.push(units.slice(start, start + size).join(''))
    start += size
  }
  return pieces
}

/**
 * Prompt tokens of a chat completion request body: every message's text and tool calls, and the
 * tool schemas, except tool results: a tool output that changes by one word must change only its
 * own line of a stub recording, not the usage of every later model call.
 */
export function countRequestTokens(body: unknown): number {
  const request = (body ?? {}) as { messages?: unknown; tools?: unknown }
  const texts: string[] = []
  for (const message of Array.isArray(request.messages) ? request.messages : []) {
    const { role, content, tool_calls } = (message ?? {}) as { role?: unknown; content?: unknown; tool_calls?: unknown }
    if (typeof content === 'string' && role !== 'tool') texts.push(content)
    for (const call of Array.isArray(tool_calls) ? tool_calls : []) {
      const fn = (call as { function?: { name?: unknown; arguments?: unknown } }).function ?? {}
      texts.push(String(fn.name ?? ''), String(fn.arguments ?? ''))
    }
  }
  if (Array.isArray(request.tools) && request.tools.length) texts.push(JSON.stringify(request.tools))
  return texts.reduce((sum, text) => sum + countTokens(text), 0)
}
