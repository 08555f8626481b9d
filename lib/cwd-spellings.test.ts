import { describe, expect, it } from 'vitest'
import { cwdCollapser, cwdForms, spellingPattern, spellingsOf, trimCwd } from './cwd-spellings.ts'

describe('cwd spellings', () => {
  it('trims trailing separators but keeps a root', () => {
    expect(trimCwd('/tmp/x///')).toBe('/tmp/x')
    expect(trimCwd('/')).toBe('/')
  })

  it('spells a Windows cwd as its file:// URL does', () => {
    expect(cwdForms('C:\\work\\my rec')).toEqual({
      plain: 'C:\\work\\my rec',
      json: 'C:\\\\work\\\\my rec',
      url: '/C:/work/my%20rec',
      slashed: 'C:/work/my rec',
    })
  })

  it('spells a cwd plain, JSON-escaped and percent-encoded for file:// URLs', () => {
    expect(cwdForms('/tmp/my "dir"/')).toEqual({
      plain: '/tmp/my "dir"',
      json: '/tmp/my \\"dir\\"',
      url: '/tmp/my%20%22dir%22',
      slashed: '/tmp/my "dir"',
    })
  })
})

describe('spellingsOf and spellingPattern', () => {
  it('lists every spelling once, longest first, also of a Windows path with forward slashes', () => {
    expect(spellingsOf(['C:\\w x'])).toEqual(['/C:/w%20x', 'C:\\\\w x', 'C:/w x', 'C:\\w x'])
  })

  it('matches at path boundaries only when asked to', () => {
    const text = '/tmp/rec /tmp/rec2 /var/tmp/rec /tmp/rec.'
    expect(text.replace(spellingPattern(['/tmp/rec'], true), 'X')).toBe('X /tmp/rec2 /var/tmp/rec X.')
    expect(text.replace(spellingPattern(['/tmp/rec'], false), 'X')).toBe('X X2 /varX X.')
  })
})

describe('cwdCollapser', () => {
  it('leaves out roots, tokens and empty paths, and is undefined when nothing is left', () => {
    expect(cwdCollapser(['/', '', '{{cwd}}/sub'])).toBeUndefined()
    expect(cwdCollapser(['/', '/tmp/a'])!('/tmp/a/b and /')).toBe('{{cwd}}/b and /')
    expect(cwdCollapser(['/tmp/a'])!('no path here')).toBe('no path here')
  })
})
