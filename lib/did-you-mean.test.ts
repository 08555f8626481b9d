import { describe, expect, it } from 'vitest'
import { editDistance, nearMisses, suggest } from './did-you-mean.ts'

describe('did you mean', () => {
  it('measures edits (insert, delete, substitute)', () => {
    expect(editDistance('test', 'test')).toBe(0)
    expect(editDistance('tset', 'test')).toBe(2)
    expect(editDistance('tes', 'test')).toBe(1)
    expect(editDistance('', 'abc')).toBe(3)
  })

  it('offers only the nearest close names, case-insensitively', () => {
    expect(nearMisses('conformace', ['config', 'conformance', 'serve'])).toEqual(['conformance'])
    expect(nearMisses('list-dri', ['list-dir', 'read-only-list-dir'])).toEqual(['list-dir'])
    expect(nearMisses('Serve', ['serve'])).toEqual(['serve'])
    expect(nearMisses('zzz', ['serve', 'test'])).toEqual([])
  })

  it('says what was meant, or what exists', () => {
    expect(suggest('cancel-idel', ['cancel-idle', 'initialize'])).toBe('; did you mean "cancel-idle"?')
    expect(suggest('nothing-like', ['a', 'b'])).toBe('; known: a, b')
  })
})
