// The pieces a reply's text and reasoning streamed in, as a live recording keeps them (the
// provider's own cuts: an agent shows one message chunk per piece, so replay must cut the same way).
// The renderers cut by these when a reply has them, else as they always do. Pure.

/** Each piece's length (UTF-16 code units), in order; they add up to the whole text. */
export interface ReplyPieces {
  text?: number[]
  reasoning?: number[]
}

interface Pieced {
  text?: string
  reasoning?: string
  pieces?: ReplyPieces
}

/** `cut` that follows the reply's recorded pieces for its text and reasoning, and `fallback` otherwise. */
export function withPieces(reply: Pieced, fallback: (text: string) => string[]): (text: string) => string[] {
  return (text) => {
    const lengths =
      text === reply.text ? reply.pieces?.text : text === reply.reasoning ? reply.pieces?.reasoning : undefined
    if (!lengths || lengths.reduce((sum, length) => sum + length, 0) !== text.length) return fallback(text)
    const out: string[] = []
    let at = 0
    for (const length of lengths) {
      out.push(text.slice(at, at + length))
      at += length
    }
    return out
  }
}
