// The hunks of lineHunks are a real patch: applied to the expected text they give the actual one,
// for small random edits (aligned by the Myers diff), pure insertions and removals (no diff run),
// and texts too different to align (one replaced window).
import { applyPatch, structuredPatch } from 'diff'
import { describe, expect, it } from 'vitest'
import { lineHunks } from './line-hunks.ts'

/** A deterministic pseudo-random sequence, so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

function edited(text: string, next: () => number): string {
  const lines = text.split(/(?<=\n)/).filter((line) => line !== '')
  const edits = 1 + Math.floor(next() * 4)
  for (let edit = 0; edit < edits; edit++) {
    const at = Math.floor(next() * (lines.length + 1))
    const roll = next()
    if (roll < 0.33) lines.splice(at, 0, `new ${Math.floor(next() * 5)}\n`)
    else if (roll < 0.66) lines.splice(at, 1)
    else lines.splice(at, 1, `changed ${Math.floor(next() * 5)}\n`)
  }
  const joined = lines.join('')
  return next() < 0.2 ? joined.replace(/\n$/, '') : joined
}

const applied = (expected: string, actual: string) =>
  applyPatch(expected, { hunks: lineHunks(expected, actual, 3).hunks } as never)

describe('lineHunks', () => {
  it('gives a patch that turns expected into actual, for random edits of small texts', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed)
      const size = Math.floor(next() * 30)
      const expected = Array.from({ length: size }, () => `line ${Math.floor(next() * 6)}\n`).join('')
      const actual = edited(expected, next)
      expect(applied(expected, actual), `seed ${seed}`).toBe(actual)
    }
  })

  it('numbers hunks as a whole-text diff does', () => {
    const expected = Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join('')
    const actual = expected.replace('line 12\n', 'twelve\n').replace('line 30\n', '')
    const whole = structuredPatch('', '', expected, actual, undefined, undefined, { context: 3 }).hunks
    expect(lineHunks(expected, actual, 3).hunks).toEqual(whole)
  })

  it('shows a pure insertion of 300k lines without aligning them', () => {
    const expected = Array.from({ length: 300_000 }, (_, i) => `line ${i}\n`).join('')
    const actual = expected + Array.from({ length: 300_000 }, (_, i) => `extra ${i}\n`).join('')
    const { hunks, coarse } = lineHunks(expected, actual, 3)
    expect(coarse).toBe(false)
    expect(hunks).toHaveLength(1)
    expect(hunks[0]).toMatchObject({ oldStart: 299_998, oldLines: 3, newStart: 299_998, newLines: 300_003 })
    expect(hunks[0]!.lines.slice(2, 5)).toEqual([' line 299999', '+extra 0', '+extra 1'])
    expect(hunks[0]!.lines.at(-1)).toBe('+extra 299999')
  })

  it('replaces the changed window when the texts differ in too many places to align', () => {
    const expected = Array.from({ length: 3000 }, (_, i) => `a ${i}\n`).join('')
    const actual = `same\n${Array.from({ length: 3000 }, (_, i) => `b ${i}\n`).join('')}`
    const { hunks, coarse } = lineHunks(`same\n${expected}`, actual, 3)
    expect(coarse).toBe(true)
    expect(hunks).toHaveLength(1)
    expect(hunks[0]!.lines.slice(0, 2)).toEqual([' same', '-a 0'])
    expect(applied(`same\n${expected}`, actual)).toBe(actual)
  })
})
