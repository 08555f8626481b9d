import { describe, expect, it } from 'vitest'
import { fileTimeOf } from './file-times-reporter.ts'
import { dshResultLine } from './parts/corpus.ts'

describe('dshResultLine', () => {
  it("finds dsh test's closing line, or nothing", () => {
    expect(dshResultLine('text-turn  pass  12 ms\n\n46 passed, 0 failed\n')).toBe('46 passed, 0 failed')
    expect(dshResultLine('dsh: no scenario named x\n')).toBe('')
  })
})

describe('fileTimeOf', () => {
  it("adds a file's prepare, import, setup and test time in its worker", () => {
    const diagnostic = () => ({ prepareDuration: 1, collectDuration: 200, setupDuration: 3, duration: 1000 })
    const module = { relativeModuleId: 'a/b.test.ts', project: { name: 'unit' }, diagnostic }
    expect(fileTimeOf(module as unknown as Parameters<typeof fileTimeOf>[0])).toEqual({
      file: 'a/b.test.ts',
      project: 'unit',
      wallMs: 1204,
    })
  })
})
