// Served chunks get the live cwd. A model streams a path in token-sized pieces, so a recorded
// cwd is often split across chunks ("/tm", "p/rec", "/notes"): each stream (text, reasoning,
// each tool call's arguments) is searched as a whole, and the rewritten text is cut again at
// the same places, shifted by the replacements, so the number of chunks never changes. Pure.
import type { StreamChunk } from '../llm/types.ts'
import type { ServedCwd } from './cwd-map.ts'

/** Which stream a chunk's text belongs to; undefined for chunks without text. */
function streamOf(chunk: StreamChunk): string | undefined {
  if (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') return chunk.type
  if (chunk.type === 'tool-call-delta') return `tool:${chunk.index}`
  return undefined
}

type TextChunk = Extract<StreamChunk, { type: 'text-delta' | 'reasoning-delta' | 'tool-call-delta' }>

function textOf(chunk: TextChunk): string {
  return chunk.type === 'tool-call-delta' ? chunk.argumentsDelta : chunk.text
}

function withText(chunk: TextChunk, text: string): StreamChunk {
  return chunk.type === 'tool-call-delta' ? { ...chunk, argumentsDelta: text } : { ...chunk, text }
}

/** Chunk indexes of each stream, in order. */
function streams(chunks: readonly StreamChunk[]): Map<string, number[]> {
  const out = new Map<string, number[]>()
  chunks.forEach((chunk, index) => {
    const stream = streamOf(chunk)
    if (stream === undefined) return
    let indexes = out.get(stream)
    if (!indexes) out.set(stream, (indexes = []))
    indexes.push(index)
  })
  return out
}

/** True when any stream of the chunks holds a match of `pattern` (checked once per entry, at load). */
export function mentionsCwd(chunks: readonly StreamChunk[], pattern: RegExp): boolean {
  for (const indexes of streams(chunks).values()) {
    pattern.lastIndex = 0
    if (pattern.test(indexes.map((index) => textOf(chunks[index] as TextChunk)).join(''))) return true
  }
  return false
}

/** The chunks with every recorded cwd spelling replaced for the live session; the input when none matched. */
export function withLiveCwd(chunks: readonly StreamChunk[], cwd: ServedCwd): readonly StreamChunk[] {
  let out: StreamChunk[] | undefined
  for (const [stream, indexes] of streams(chunks)) {
    const table = stream.startsWith('tool:') ? cwd.args : cwd.text
    const pieces = rewritePieces(
      indexes.map((index) => textOf(chunks[index] as TextChunk)),
      cwd.pattern,
      (match) => table.get(match) ?? match,
    )
    if (!pieces) continue
    out ??= chunks.slice()
    // rewritePieces returns as many pieces as it was given: one per index.
    for (const [position, index] of indexes.entries()) {
      const text = pieces[position]
      if (text !== undefined) out[index] = withText(chunks[index] as TextChunk, text)
    }
  }
  return out ?? chunks
}

/**
 * Replace matches of `pattern` in the concatenation of `pieces`; return the new text cut into
 * as many pieces, at the old cuts shifted by earlier replacements (a cut inside a match moves
 * proportionally inside its replacement, never between the halves of a surrogate pair).
 * Undefined when nothing matched.
 */
function rewritePieces(
  pieces: readonly string[],
  pattern: RegExp,
  replace: (match: string) => string,
): string[] | undefined {
  const whole = pieces.join('')
  const spans: Array<{ start: number; end: number; newStart: number; newEnd: number }> = []
  let rewritten = ''
  let copied = 0
  pattern.lastIndex = 0
  for (const match of whole.matchAll(pattern)) {
    const start = match.index
    rewritten += whole.slice(copied, start)
    const newStart = rewritten.length
    rewritten += replace(match[0])
    spans.push({ start, end: start + match[0].length, newStart, newEnd: rewritten.length })
    copied = start + match[0].length
  }
  if (!spans.length) return undefined
  rewritten += whole.slice(copied)

  const out: string[] = []
  let span = 0
  let cut = 0
  let previous = 0
  for (const piece of pieces.slice(0, -1)) {
    cut += piece.length
    let current = spans[span]
    while (current && current.end <= cut) current = spans[++span]
    const inside = current && current.start < cut ? current : undefined
    let next: number
    if (inside) {
      const ratio = (cut - inside.start) / (inside.end - inside.start)
      next = inside.newStart + Math.round(ratio * (inside.newEnd - inside.newStart))
      if (next > inside.newStart && next < inside.newEnd && isLowSurrogate(rewritten.charCodeAt(next))) next++
    } else {
      const before = spans[span - 1]
      next = before ? cut + (before.newEnd - before.end) : cut
    }
    next = Math.max(next, previous)
    out.push(rewritten.slice(previous, next))
    previous = next
  }
  out.push(rewritten.slice(previous))
  return out
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
