import { describe, expect, it } from 'vitest'
import { liveCollapser, parseRecordedCwd, RecordedCwdError, recordedCollapser, servedCwd } from './cwd-map.ts'

const none = () => undefined

describe('parseRecordedCwd', () => {
  it('reads a normalized fixture by its token, and a session opened in a subfolder by its suffix', () => {
    expect(parseRecordedCwd('{{cwd}}', 'f', none)).toEqual({ kind: 'token', suffix: '' })
    expect(parseRecordedCwd('{{cwd}}/sub/', 'f', none)).toEqual({ kind: 'token', suffix: '/sub' })
  })

  it('reads a raw log by its absolute path, without trailing slashes, plus its realpath when it differs', () => {
    expect(parseRecordedCwd('/tmp/rec/', 'f', none)).toEqual({ kind: 'path', paths: ['/tmp/rec'] })
    expect(parseRecordedCwd('/tmp/rec', 'f', () => '/tmp/rec')).toEqual({ kind: 'path', paths: ['/tmp/rec'] })
    expect(parseRecordedCwd('/var/rec', 'f', () => '/private/var/rec')).toEqual({
      kind: 'path',
      paths: ['/var/rec', '/private/var/rec'],
    })
    expect(parseRecordedCwd('C:\\work\\rec', 'f', none)).toEqual({ kind: 'path', paths: ['C:\\work\\rec'] })
  })

  it('refuses a relative cwd or a filesystem root with a named error naming the file', () => {
    const relative = () => parseRecordedCwd('project', 'logs/a.jsonl', none)
    expect(relative).toThrow(RecordedCwdError)
    expect(relative).toThrow('logs/a.jsonl:1: the header\'s cwd "project" is not absolute')
    expect(() => parseRecordedCwd('/', 'logs/a.jsonl', none)).toThrow(/logs\/a\.jsonl:1: .* is a filesystem root/)
    expect(() => parseRecordedCwd('C:\\', 'x', none)).toThrow(expect.objectContaining({ code: 'REPLAY_LOG_CWD' }))
  })
})

describe('servedCwd', () => {
  it('maps a fixture token to the live cwd less the subfolder the session was opened in', () => {
    const served = servedCwd({ kind: 'token', suffix: '/sub' }, ['/tmp/run 1/sub'])!
    expect(Object.fromEntries(served.text)).toEqual({
      'file://{{cwd}}': 'file:///tmp/run%201',
      '{{cwd}}': '/tmp/run 1',
    })
    expect(served.args.get('{{cwd}}')).toBe('/tmp/run 1')
  })

  it("maps a raw log's path and its realpath to the live cwd and the live realpath, in every spelling", () => {
    const served = servedCwd({ kind: 'path', paths: ['/var/rec', '/private/var/rec'] }, [
      '/var/a"b',
      '/private/var/a"b',
    ])!
    expect(served.text.get('/var/rec')).toBe('/var/a"b')
    expect(served.text.get('/private/var/rec')).toBe('/private/var/a"b')
    expect(served.args.get('/var/rec')).toBe('/var/a\\"b')
    expect(served.text.get('/var/rec')).not.toBe(served.args.get('/var/rec'))
  })

  it('maps a fixture token to the live cwd itself when the session is not in that subfolder', () => {
    expect(servedCwd({ kind: 'token', suffix: '/sub' }, ['/tmp/elsewhere'])!.text.get('{{cwd}}')).toBe('/tmp/elsewhere')
    expect(servedCwd({ kind: 'token', suffix: '/sub' }, ['/sub'])!.text.get('{{cwd}}')).toBe('/')
  })

  it('changes nothing when the live cwd is unknown', () => {
    expect(servedCwd({ kind: 'path', paths: ['/tmp/rec'] }, [])).toBeUndefined()
  })
})

describe('drift collapsers', () => {
  it('collapse a raw log by its recorded cwd and the live side by the live cwd, to the same text', () => {
    const recorded = { kind: 'path' as const, paths: ['/tmp/rec'] }
    const recordedSide = recordedCollapser(recorded)!
    const liveSide = liveCollapser(recorded, ['/home/u/rep/'])!
    expect(recordedSide('cat /tmp/rec/a and file:///tmp/rec/b, not /tmp/rec2')).toBe(
      liveSide('cat /home/u/rep/a and file:///home/u/rep/b, not /tmp/rec2'),
    )
    // A literal token in a raw log is text like any other.
    expect(recordedSide('{{cwd}}/a')).toBe('{{cwd}}/a')
  })

  it('leave a fixture as it is (already {{cwd}}) and take the subfolder off the live cwd', () => {
    const fixture = { kind: 'token' as const, suffix: '/sub' }
    expect(recordedCollapser(fixture)).toBeUndefined()
    expect(liveCollapser(fixture, ['/tmp/run/sub'])!('/tmp/run/sub/x')).toBe('{{cwd}}/sub/x')
    expect(liveCollapser(fixture, [])).toBeUndefined()
  })
})
