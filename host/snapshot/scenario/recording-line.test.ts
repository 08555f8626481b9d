import { describe, expect, it } from 'vitest'
import { ScenarioFileError } from './issues.ts'
import { parseManifest } from './manifest.ts'
import { setProvenanceLines } from './recording-line.ts'

const FILE = 'scenarios/demo/snapshot.yml'

function rewrite(text: string, source: 'stub' | 'live' | 'authored' = 'live'): string {
  return setProvenanceLines(text, { recording: source }, FILE)
}

function errorOf(text: string): string {
  try {
    rewrite(text)
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioFileError)
    return (error as Error).message
  }
  throw new Error('expected the rewrite to be refused')
}

describe('the recording line', () => {
  it('changes only the value of the recording line, keeping comments, order and the rest byte for byte', () => {
    const text = [
      '# yaml-language-server: $schema=../../schemas/snapshot.schema.json',
      'scenario: demo',
      '# how the fixtures were made:',
      'recording: stub   # re-recorded after the prompt change',
      'description: Demo.',
      'header:',
      '  class: default',
      '  recording: nested-keys-are-not-the-field',
      '',
    ].join('\n')
    const out = rewrite(text)
    expect(out).toBe(text.replace('recording: stub   #', 'recording: live   #'))
    expect(parseManifest(out.replace(/^ {2}recording.*\n/m, ''), FILE, 'demo').recording).toBe('live')
  })

  it('rewrites a quoted value and keeps CRLF line endings', () => {
    const text = 'scenario: demo\r\ndescription: Demo.\r\nrecording: "recorded"\r\n'
    expect(rewrite(text, 'stub')).toBe('scenario: demo\r\ndescription: Demo.\r\nrecording: stub\r\n')
  })

  it('returns the very same text when the manifest already says so (nothing to write)', () => {
    const text = "scenario: demo\nrecording: 'live' # kept\n"
    expect(rewrite(text)).toBe(text)
  })

  it('handles a last line without a newline and no space after the colon', () => {
    expect(rewrite('scenario: demo\nrecording:\tstub')).toBe('scenario: demo\nrecording:\tlive')
  })

  it('refuses a manifest without a top-level recording line, naming the file and what to write', () => {
    expect(errorOf('{scenario: demo, recording: stub}\n')).toMatch(
      new RegExp(
        'scenarios/demo/snapshot\\.yml: recording: no top-level "recording: …" line to rewrite; ' +
          'write the manifest as block YAML with recording: live',
      ),
    )
  })

  it('refuses a value on the following line, naming the line', () => {
    expect(errorOf('scenario: demo\nrecording:\n  stub\n')).toMatch(
      /line 2, recording: write the value on the same line \(recording: live\)/,
    )
  })

  it('refuses two recording lines', () => {
    expect(errorOf('recording: stub\nrecording: stub\n')).toMatch(/recording: appears on 2 lines; keep one/)
  })
})
