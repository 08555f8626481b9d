import { describe, expect, it } from 'vitest'
import { nearMisses, suggest } from './did-you-mean.ts'

describe('did you mean', () => {
  it('measures edits (insert, delete, substitute): one edit beats two, three is too far', () => {
    expect(nearMisses('test', ['tset', 'tezt', 'tes', 'tests'])).toEqual(['tezt', 'tes', 'tests'])
    expect(nearMisses('test', ['tset', 'xyzw'])).toEqual(['tset'])
    expect(nearMisses('', ['abc'])).toEqual([])
    expect(nearMisses('', ['ab'])).toEqual(['ab'])
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
