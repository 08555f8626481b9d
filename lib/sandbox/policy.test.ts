import { describe, expect, it } from 'vitest'
import { buildPolicy, expandHome } from './policy.ts'

describe('sandbox policy', () => {
  it('writes: the cwd, the additional directories, allowWrite; reads: all but dsh files and the deny list', () => {
    const policy = buildPolicy({
      config: { denyRead: ['~/.ssh', '/etc/secret'], allowWrite: ['~/.cache'], network: false },
      cwd: '/home/u/proj',
      additionalDirectories: ['/home/u/lib', '/home/u/proj'],
      hidden: ['/home/u/.local/state/dsh/sessions', '/home/u/.config/dsh'],
      home: '/home/u',
    })
    expect(policy).toEqual({
      writable: ['/home/u/proj', '/home/u/lib', '/home/u/.cache'],
      denyRead: ['/home/u/.local/state/dsh/sessions', '/home/u/.config/dsh', '/home/u/.ssh', '/etc/secret'],
      protect: ['/home/u/.local/state/dsh/sessions', '/home/u/.config/dsh'],
      network: false,
    })
  })

  it('without additional directories writes only the cwd', () => {
    const policy = buildPolicy({ config: { denyRead: [], allowWrite: [], network: true }, cwd: '/w' })
    expect(policy).toMatchObject({ writable: ['/w'], denyRead: [], network: true })
  })

  it('expands ~ to the real home only as a whole first segment', () => {
    expect(expandHome('~/.ssh', '/home/u')).toBe('/home/u/.ssh')
    expect(expandHome('~', '/home/u')).toBe('/home/u')
    expect(expandHome('~other/x', '/home/u')).toBe('~other/x')
    expect(expandHome('/abs', '/home/u')).toBe('/abs')
  })
})
