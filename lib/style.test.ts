import { describe, expect, it } from 'vitest'
import { colorEnabled, painter } from './style.ts'

describe('colour', () => {
  it('is on for a TTY and off for pipes and files', () => {
    expect(colorEnabled({}, true)).toBe(true)
    expect(colorEnabled({}, false)).toBe(false)
    expect(colorEnabled({ TERM: 'dumb' }, true)).toBe(false)
  })

  it('honours NO_COLOR, and FORCE_COLOR over it', () => {
    expect(colorEnabled({ NO_COLOR: '1' }, true)).toBe(false)
    expect(colorEnabled({ NO_COLOR: '' }, true)).toBe(true)
    expect(colorEnabled({ FORCE_COLOR: '1' }, false)).toBe(true)
    expect(colorEnabled({ FORCE_COLOR: '0' }, true)).toBe(false)
    expect(colorEnabled({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true)
  })

  it('styles with ANSI codes only when enabled', () => {
    expect(painter(true)('red', 'FAIL')).toBe('\u001b[31mFAIL\u001b[39m')
    expect(painter(false)('red', 'FAIL')).toBe('FAIL')
  })
})
