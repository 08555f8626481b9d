import { describe, expect, it } from 'vitest'
import { seatbeltProfile } from './seatbelt-profile.ts'

describe('Seatbelt profile', () => {
  it('allows reads, denies writes but in the writable folders, then refuses the denied paths', () => {
    const profile = seatbeltProfile({
      writable: ['/Users/u/proj', '/private/var/folders/x/T/dsh-sandbox-1'],
      denied: ['/Users/u/.ssh', '/Users/u/.config/dsh'],
      network: false,
    })
    expect(profile).toBe(
      [
        '(version 1)',
        '(allow default)',
        '(deny file-write*)',
        '(allow file-write*',
        '  (subpath "/Users/u/proj")',
        '  (subpath "/private/var/folders/x/T/dsh-sandbox-1")',
        '  (literal "/dev/null")',
        '  (literal "/dev/zero")',
        '  (literal "/dev/dtracehelper")',
        '  (regex #"^/dev/tty")',
        '  (regex #"^/dev/fd/"))',
        '(deny file-read* file-write*',
        '  (subpath "/Users/u/.ssh")',
        '  (subpath "/Users/u/.config/dsh"))',
        '(deny network*)',
        '',
      ].join('\n'),
    )
  })

  it('leaves the network alone when allowed, and writes no empty deny rule', () => {
    const profile = seatbeltProfile({ writable: ['/w'], denied: [], network: true })
    expect(profile).not.toContain('network')
    expect(profile).not.toContain('file-read*')
  })

  it('escapes quotes and backslashes, and refuses control characters', () => {
    const profile = seatbeltProfile({ writable: ['/a "b"\\c'], denied: [], network: true })
    expect(profile).toContain('(subpath "/a \\"b\\"\\\\c")')
    expect(() => seatbeltProfile({ writable: ['/a\nb'], denied: [], network: true })).toThrow(/control character/)
  })
})
