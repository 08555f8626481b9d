import { describe, expect, it } from 'vitest'
import { createCwdReplacer } from './cwd.ts'

describe('the cwd spellings', () => {
  it('are the path, URL-encoded and JSON-escaped forms', () => {
    const replace = createCwdReplacer(['/tmp/dsh x"q/'])
    expect(replace('/tmp/dsh%20x%22q | /tmp/dsh x\\"q | /tmp/dsh x"q')).toBe('{{cwd}} | {{cwd}} | {{cwd}}')
  })

  it('refuse a filesystem root', () => {
    expect(() => createCwdReplacer(['/'])).toThrow(/filesystem root/)
  })
})

describe('createCwdReplacer', () => {
  const replace = createCwdReplacer(['/var/folders/t/dsh-abc', '/private/var/folders/t/dsh-abc'])

  it('replaces the given path and its realpath alias, the longer one whole', () => {
    expect(replace('/private/var/folders/t/dsh-abc/a.txt and /var/folders/t/dsh-abc')).toBe('{{cwd}}/a.txt and {{cwd}}')
  })

  it('replaces the file:// URL form and keeps a trailing slash', () => {
    expect(replace('file:///var/folders/t/dsh-abc/src/ and /var/folders/t/dsh-abc/')).toBe(
      'file://{{cwd}}/src/ and {{cwd}}/',
    )
  })

  it('replaces JSON-escaped spellings inside text that holds JSON', () => {
    const windowsLike = createCwdReplacer(['C:\\Temp\\dsh-abc'])
    expect(windowsLike('{"path":"C:\\\\Temp\\\\dsh-abc\\\\a.txt"}')).toBe('{"path":"{{cwd}}\\\\a.txt"}')
    expect(windowsLike('C:/Temp/dsh-abc/a.txt')).toBe('{{cwd}}/a.txt')
  })

  it('does not touch a sibling whose name extends the cwd', () => {
    expect(replace('/var/folders/t/dsh-abc2 /var/folders/t/dsh-abc-old /var/folders/t/dsh-abc.')).toBe(
      '/var/folders/t/dsh-abc2 /var/folders/t/dsh-abc-old {{cwd}}.',
    )
  })

  it('is the identity without cwd paths', () => {
    expect(createCwdReplacer([])('/tmp/anything')).toBe('/tmp/anything')
  })
})

describe('additional directories outside the cwd', () => {
  it('are each written as their own token, in every spelling, before the cwd', async () => {
    const { createNormalizeContext } = await import('./context.ts')
    const { replaceCwd } = createNormalizeContext(['/w/project'], [], [['/w/shared', '/real/shared'], ['/opt/data']])
    expect(replaceCwd('/w/project/a /w/shared/b /real/shared/c file:///opt/data/d /w/shared2')).toBe(
      '{{cwd}}/a {{root:1}}/b {{root:1}}/c file://{{root:2}}/d /w/shared2',
    )
    expect(replaceCwd('{"path":"/opt/data/x"}')).toBe('{"path":"{{root:2}}/x"}')
  })
})
