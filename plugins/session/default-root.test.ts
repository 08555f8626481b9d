import { describe, expect, it } from 'vitest'
import { defaultSessionsRoot } from './default-root.ts'

const home = () => '/home/u'

describe('defaultSessionsRoot', () => {
  it('is DSH_SESSIONS_ROOT when set', () => {
    expect(defaultSessionsRoot({ DSH_SESSIONS_ROOT: '/logs', XDG_STATE_HOME: '/state' }, home)).toBe('/logs')
  })

  it('is $XDG_STATE_HOME/dsh/sessions, else ~/.local/state/dsh/sessions', () => {
    expect(defaultSessionsRoot({ XDG_STATE_HOME: '/state' }, home)).toBe('/state/dsh/sessions')
    expect(defaultSessionsRoot({}, home)).toBe('/home/u/.local/state/dsh/sessions')
  })

  it('ignores an empty or relative XDG_STATE_HOME, as the XDG spec says', () => {
    expect(defaultSessionsRoot({ XDG_STATE_HOME: '' }, home)).toBe('/home/u/.local/state/dsh/sessions')
    expect(defaultSessionsRoot({ XDG_STATE_HOME: 'state' }, home)).toBe('/home/u/.local/state/dsh/sessions')
  })
})
