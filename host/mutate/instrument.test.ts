import { describe, expect, it } from 'vitest'
import { MutateError } from './errors.ts'
import { instrumentFiles, LOADED_GLOBAL } from './instrument.ts'
import { originalText } from './source-text.ts'

const SOURCE = `export function stop(reason: string | undefined): string {
  return reason ?? 'end_turn'
}
`

describe('instrumentFiles', () => {
  it('finds mutants with 1-based lines and the text they replace, and emits runnable JavaScript', async () => {
    const { files, mutants } = await instrumentFiles([{ path: 'plugins/x/stop.ts', content: SOURCE }])
    const literal = mutants.find((m) => m.mutator === 'StringLiteral')
    expect(literal).toMatchObject({ file: 'plugins/x/stop.ts', line: 2, original: "'end_turn'", replacement: '""' })
    expect(files[0]!.code).toContain(LOADED_GLOBAL)
    expect(files[0]!.code).not.toMatch(/: string/)
    expect(files[0]!.code).toContain('stryMutAct_9fa48')
  })

  it('numbers mutants across files, so one switch id names one mutant', async () => {
    const { mutants } = await instrumentFiles([
      { path: 'a.js', content: 'export const a = () => true\n' },
      { path: 'b.js', content: 'export const b = () => true\n' },
    ])
    const ids = mutants.map((m) => m.switchId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(mutants.map((m) => m.file))).toEqual(new Set(['a.js', 'b.js']))
  })

  it('names a file the instrumenter cannot parse (unparsable), with where', async () => {
    const error = await instrumentFiles([{ path: 'bad.ts', content: 'export const = (\n' }]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MutateError)
    expect(error).toMatchObject({ code: 'unparsable', message: expect.stringContaining('bad.ts') })
  })
})

it('originalText reads single- and multi-line spans', () => {
  const text = 'ab\ncdef\ngh'
  expect(originalText(text, { start: { line: 2, column: 1 }, end: { line: 2, column: 3 } })).toBe('de')
  expect(originalText(text, { start: { line: 1, column: 1 }, end: { line: 3, column: 1 } })).toBe('b\ncdef\ng')
})
