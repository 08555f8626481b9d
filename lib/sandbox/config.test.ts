import { describe, expect, it } from 'vitest'
import { sandboxConfigSchema } from './config.ts'

const own = [
  { path: '/home/u/.local/state/dsh/sessions', what: "dsh's session log folder" },
  { path: '/home/u/.config/dsh', what: "dsh's key folder" },
]
const schema = sandboxConfigSchema({ network: false }, () => own)

describe('sandbox config', () => {
  it('defaults to preferred, the credential deny list, no extra writes and the given network default', () => {
    expect(schema.parse(undefined)).toEqual({
      mode: 'preferred',
      denyRead: expect.arrayContaining(['~/.ssh', '~/.aws', '~/.config/gcloud', '~/.gnupg', '~/.netrc']),
      allowWrite: [],
      network: false,
    })
    expect(sandboxConfigSchema({ network: true }, () => own).parse({}).network).toBe(true)
  })

  it('refuses an unknown key by name', () => {
    const issues = schema.safeParse({ mode: 'off', netwrok: true }).error?.issues
    expect(issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['netwrok'] }])
  })

  it('refuses an unknown mode, naming the allowed ones', () => {
    const issue = schema.safeParse({ mode: 'strict' }).error?.issues[0]
    expect(issue?.path).toEqual(['mode'])
    expect(issue?.message).toMatch(/"required"\|"preferred"\|"off"|required.*preferred.*off/)
  })

  it('refuses a relative deny path, at its index', () => {
    const issues = schema.safeParse({ denyRead: ['~/.ssh', '.aws'] }).error?.issues
    expect(issues).toHaveLength(1)
    expect(issues?.[0]?.path).toEqual(['denyRead', 1])
    expect(issues?.[0]?.message).toBe(
      '".aws" is relative; write an absolute path or one starting with ~/ (a relative path would name a different ' +
        'place in every session)',
    )
  })

  it('refuses a writable folder that is, lies in or holds the sessions root or the key folder', () => {
    const result = schema.safeParse({
      allowWrite: ['/home/u/.config/dsh', '/home/u/.config', '/srv/cache', '/home/u/.config/dsh/x'],
    })
    const issues = result.error?.issues ?? []
    expect(issues.map((issue) => issue.path)).toEqual([
      ['allowWrite', 0],
      ['allowWrite', 1],
      ['allowWrite', 3],
    ])
    expect(issues[0]?.message).toContain(`is dsh's key folder (/home/u/.config/dsh); a command may never write there`)
    expect(issues[1]?.message).toContain(`contains dsh's key folder (/home/u/.config/dsh)`)
    expect(issues[2]?.message).toContain(`is inside dsh's key folder`)
  })

  it('names a folder that holds the sessions root, and lets others be', () => {
    const issues = schema.safeParse({ allowWrite: ['/home/u/.local/state', '/home/u/work'] }).error?.issues
    expect(issues).toHaveLength(1)
    expect(issues?.[0]?.message).toMatch(/"\/home\/u\/\.local\/state" contains dsh's session log folder/)
  })
})
