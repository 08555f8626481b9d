import { describe, expect, it } from 'vitest'
import { CWD_TOKEN, expandCwd, expandCwdDeep, expandCwdInJson } from './cwd-spellings.ts'

describe('the {{cwd}} token, expanded (expandCwd*)', () => {
  it('in plain text, inside JSON text (escaped) and in every string of a value', () => {
    const cwd = '/tmp/a "b"\\c'
    expect(expandCwd(`${CWD_TOKEN}/x and ${CWD_TOKEN}`, '/w')).toBe('/w/x and /w')
    const json = `{"cwd":"${CWD_TOKEN}","path":"${CWD_TOKEN}/f"}`
    expect(JSON.parse(expandCwdInJson(json, cwd))).toEqual({ cwd, path: `${cwd}/f` })
    expect(expandCwdDeep({ a: [CWD_TOKEN, 1, null], b: { c: `${CWD_TOKEN}!` } }, '/w')).toEqual({
      a: ['/w', 1, null],
      b: { c: '/w!' },
    })
  })
})
