import { describe, expect, it } from 'vitest'
import { stripTerminalCodes } from './printable.ts'
import { StderrHead, stderrExcerpt, stderrLines } from './stderr-excerpt.ts'

describe("the agent's stderr in the report", () => {
  it('keeps a short stderr whole', () => {
    expect(stderrExcerpt('boot failed\n', 'boot failed\n', 12)).toBe('boot failed\n')
  })

  it('keeps the first lines and the last, with the bytes between counted', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i} ${'x'.repeat(20)}\n`)
    const all = `FATAL: the real cause\n${lines.join('')}`
    const head = new StderrHead()
    head.push(Buffer.from(all))
    // The agent process kept only its last 4000 bytes.
    const excerpt = stderrExcerpt(head.text(), all.slice(-4000), head.total)
    expect(excerpt.startsWith('FATAL: the real cause\nline 0 ')).toBe(true)
    expect(excerpt.endsWith(`line 499 ${'x'.repeat(20)}\n`)).toBe(true)
    const gap = /\n\[… (\d+) bytes of stderr left out …\]\n/.exec(excerpt)
    expect(gap).not.toBeNull()
    const kept = excerpt.replace(gap![0], '\n')
    expect(Number(gap![1]) + Buffer.byteLength(kept)).toBe(Buffer.byteLength(all))
    expect(head.total).toBe(Buffer.byteLength(all))
  })

  it('prints the first and last lines of a long one, saying how many lines it left out', () => {
    const text = Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n')
    expect(stderrLines(text, 2)).toEqual(['l0', 'l1', '[… 26 lines left out …]', 'l28', 'l29'])
    expect(stderrLines('a\nb\n', 2)).toEqual(['a', 'b'])
    // The excerpt's own gap is counted in the one marker, never hidden among the lines.
    const excerpt = ['h0', 'h1', 'h2', '[… 5000 bytes of stderr left out …]', 't0', 't1', 't2'].join('\n')
    expect(stderrLines(excerpt, 2)).toEqual([
      'h0',
      'h1',
      '[… 2 lines and 5000 more bytes of stderr left out …]',
      't1',
      't2',
    ])
    expect(stderrLines('h0\n[… 10 bytes of stderr left out …]\nt0', 2)).toEqual([
      'h0',
      '[… 10 more bytes of stderr left out …]',
      't0',
    ])
  })

  it('strips colours, cursor moves, titles and a stray escape', () => {
    const text = '\u001b[1;31mred\u001b[0m \u001b[2K\u001b[1Gline \u001b]0;title\u0007done \u001b'
    expect(stripTerminalCodes(text)).toBe('red line done ')
  })
})
