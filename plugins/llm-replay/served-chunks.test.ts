import { describe, expect, it } from 'vitest'
import type { StreamChunk } from '../llm/types.ts'
import { parseRecordedCwd, servedCwd } from './cwd-map.ts'
import { mentionsCwd, withLiveCwd } from './served-chunks.ts'
import { random } from './test-support/builders.ts'

const upper = (match: string) => match.toUpperCase()

/** The text of one stream's pieces as withLiveCwd serves them, each match replaced; undefined when none matched. */
function rewritePieces(pieces: readonly string[], pattern: RegExp, replace: (match: string) => string) {
  const chunks: StreamChunk[] = pieces.map((text) => ({ type: 'text-delta', text }))
  const table = Object.assign(new Map<string, string>(), { get: replace })
  const served = withLiveCwd(chunks, { pattern, text: table, args: new Map() })
  return served === chunks ? undefined : served.map((chunk) => (chunk as { text: string }).text)
}

describe('the pieces of a stream', () => {
  it('finds a match split across pieces, keeps their number and moves the cut proportionally', () => {
    expect(rewritePieces(['read /tm', 'p/rec', '/notes'], /\/tmp\/rec/g, () => '/home/u/rep')).toEqual([
      'read /hom',
      'e/u/rep',
      '/notes',
    ])
  })

  it('shifts later cuts by earlier replacements, and leaves untouched text alone', () => {
    expect(rewritePieces(['ab', 'c', 'xd', 'e'], /c/g, () => 'CCC')).toEqual(['ab', 'CCC', 'xd', 'e'])
    expect(rewritePieces(['ab', 'cd'], /z/g, upper)).toBeUndefined()
  })

  it('moves a cut inside a match proportionally and never between the halves of a surrogate pair', () => {
    // "ab" | "cd": the cut sits in the middle of the match; the replacement's middle is inside 😀.
    const pieces = rewritePieces(['ab', 'cd'], /abcd/g, () => 'x😀y')
    expect(pieces).toEqual(['x😀', 'y'])
    expect(pieces!.join('')).toBe('x😀y')
  })

  it('property: the joined result is the whole-text replacement, and the piece count never changes', () => {
    const rand = random(7)
    const alphabet = ['a', 'b', '/', 'é', '😀', '中', ' ']
    for (let run = 0; run < 300; run++) {
      const text = Array.from(
        { length: 1 + Math.floor(rand() * 30) },
        () => alphabet[Math.floor(rand() * 7)] ?? '',
      ).join('')
      const pieces: string[] = []
      for (let rest = [...text]; rest.length; ) pieces.push(rest.splice(0, 1 + Math.floor(rand() * 5)).join(''))
      const replacement = ['', 'Z', '😀😀', '/long/replacement'][run % 4] ?? ''
      const pattern = /a\/|b😀|中 /g
      const out = rewritePieces(pieces, pattern, () => replacement) ?? pieces
      expect(out.join('')).toBe(text.replace(pattern, replacement))
      expect(out).toHaveLength(pieces.length)
      for (const piece of out) expect(/^[\udc00-\udfff]/.test(piece)).toBe(false)
    }
  })
})

const raw = parseRecordedCwd('/tmp/rec', 'session.jsonl', () => undefined)
const live = servedCwd(raw, ['/home/u/my "rep"'])!

describe('withLiveCwd', () => {
  it('rewrites text, reasoning and each tool call on its own, JSON-escaping the live cwd in arguments', () => {
    const chunks: StreamChunk[] = [
      { type: 'reasoning-delta', text: 'look in /tmp/' },
      { type: 'tool-call-delta', index: 0, id: 'a', name: 'read_file', argumentsDelta: '{"path":"/tmp/r' },
      { type: 'tool-call-delta', index: 1, id: 'b', name: 'read_file', argumentsDelta: '{"path":"/tmp/rec2"}' },
      { type: 'text-delta', text: 'See /tmp/rec.' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'ec/a.txt"}' },
      { type: 'reasoning-delta', text: 'rec first' },
      { type: 'finish', reason: 'tool-calls' },
    ]
    const served = withLiveCwd(chunks, live)
    const args = (index: number) =>
      served.flatMap((c) => (c.type === 'tool-call-delta' && c.index === index ? [c.argumentsDelta] : [])).join('')
    expect(JSON.parse(args(0))).toEqual({ path: '/home/u/my "rep"/a.txt' })
    // A sibling directory that only starts with the recorded cwd is left alone.
    expect(args(1)).toBe('{"path":"/tmp/rec2"}')
    expect(served[3]).toEqual({ type: 'text-delta', text: 'See /home/u/my "rep".' })
    expect(served.filter((c) => c.type === 'reasoning-delta').map((c) => (c as { text: string }).text)).toEqual([
      'look in /home/u/my',
      ' "rep" first',
    ])
    expect(served[2]).toBe(chunks[2])
    expect(served[6]).toBe(chunks[6])
    expect(served).toHaveLength(chunks.length)
  })

  it('serves chunks without the recorded cwd as the very same array', () => {
    const chunks: StreamChunk[] = [{ type: 'text-delta', text: 'nothing here' }]
    expect(withLiveCwd(chunks, live)).toBe(chunks)
    expect(mentionsCwd(chunks, live.pattern)).toBe(false)
    expect(
      mentionsCwd(
        [
          { type: 'text-delta', text: '/tmp' },
          { type: 'text-delta', text: '/rec' },
        ],
        live.pattern,
      ),
    ).toBe(true)
  })
})
