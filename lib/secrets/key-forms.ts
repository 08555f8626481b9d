// A key dsh holds, in every form text may carry it (issue 43, leak 5 and 7): as is, any slice of it,
// upper or lower case, reversed, hex, base64 at each byte alignment (so inside `Basic base64(user:key)`
// too), and any of these broken up by spaces or line breaks. Pure. A provider's error body and a tool's
// output are redacted with the same function before they are logged, shown or sent.

/** The shortest slice of a form taken as the key's: 8 characters of a random key are not chance. */
const SLICE = 8
/** Characters a hit extends over, so the rest of the token (base64 padding of `user:`, a key's tail) goes too. */
const TOKEN_CHAR = /[A-Za-z0-9+/_-]/

/** The forms of a key, each a string a text may hold whole or in slices. */
function keyForms(key: string): string[] {
  const bytes = Buffer.from(key)
  const forms = [key, key.toUpperCase(), key.toLowerCase(), [...key].reverse().join('')]
  const hex = bytes.toString('hex')
  forms.push(hex, hex.toUpperCase())
  for (let align = 0; align < 3; align++) {
    const core = base64Core(bytes, align)
    forms.push(core, core.replaceAll('+', '-').replaceAll('/', '_'))
  }
  return [...new Set(forms.filter((form) => form.length > 0))]
}

/**
 * The base64 characters that encode only the key's bytes when `align` bytes come before it (as the
 * `user:` of a Basic credential does): whole groups of three key bytes, wherever the key sits.
 */
function base64Core(bytes: Buffer, align: number): string {
  const encoded = Buffer.concat([Buffer.alloc(align), bytes]).toString('base64')
  const from = align === 0 ? 0 : 4
  const to = 4 * Math.floor((align + bytes.length) / 3)
  return to > from ? encoded.slice(from, to) : ''
}

/**
 * Replaces every form of every key in a text by `token`; undefined when there is no key. Whitespace
 * is looked through (a key grouped in fours, or wrapped), and a hit takes the rest of its token along.
 */
export function keyRedactor(keys: readonly string[], token = '[redacted]'): ((text: string) => string) | undefined {
  const usable = keys.filter((key) => key.length >= SLICE)
  if (!usable.length) return undefined
  const windows = new Set<string>()
  const starts = new Set<number>()
  for (const form of usable.flatMap(keyForms))
    for (let at = 0; at + SLICE <= form.length; at++) {
      windows.add(form.slice(at, at + SLICE))
      starts.add(trigram(form, at))
    }
  return (text) => replaceSpans(text, keySpans(text, windows, starts), token)
}

const trigram = (text: string, at: number) =>
  ((text.charCodeAt(at) & 0xffff) * 0x10000 + (text.charCodeAt(at + 1) & 0xffff)) * 0x10000 +
  (text.charCodeAt(at + 2) & 0xffff)

/** Spans of `text` (original offsets) holding a window, with whitespace inside looked through. */
function keySpans(text: string, windows: ReadonlySet<string>, starts: ReadonlySet<number>): Array<[number, number]> {
  // The text without whitespace, and where each of its characters came from.
  const origin = new Int32Array(text.length)
  let kept = 0
  for (let at = 0; at < text.length; at++) if (!isSpace(text.charCodeAt(at))) origin[kept++] = at
  const compact = kept === text.length ? text : text.replace(/[ \t\n\r\f\v\u00a0]+/g, '')
  const spans: Array<[number, number]> = []
  for (let at = 0; at + SLICE <= kept; at++) {
    if (!starts.has(trigram(compact, at)) || !windows.has(compact.slice(at, at + SLICE))) continue
    const [start, final] = [origin[at], origin[at + SLICE - 1]]
    // at + SLICE <= kept, so both are characters of the text.
    if (start === undefined || final === undefined) throw new Error(`key-forms: no origin for compact slice ${at}`)
    const end = final + 1
    const last = spans.at(-1)
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else spans.push([start, end])
  }
  return spans.map(([start, end]) => widen(text, start, end))
}

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13) || code === 0xa0

function widen(text: string, start: number, end: number): [number, number] {
  while (start > 0 && TOKEN_CHAR.test(text.charAt(start - 1))) start--
  while (end < text.length && TOKEN_CHAR.test(text.charAt(end))) end++
  while (end < text.length && text[end] === '=') end++ // base64 padding
  return [start, end]
}

function replaceSpans(text: string, spans: ReadonlyArray<[number, number]>, token: string): string {
  if (!spans.length) return text
  const parts: string[] = []
  let at = 0
  for (const [start, end] of spans) {
    if (start < at) {
      at = Math.max(at, end)
      continue
    }
    parts.push(text.slice(at, start), token)
    at = end
  }
  parts.push(text.slice(at))
  return parts.join('')
}
