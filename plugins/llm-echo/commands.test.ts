import { describe, expect, it } from 'vitest'
import { EchoScriptError, parseEchoScript } from './commands.ts'

describe('parseEchoScript', () => {
  it('parses every command and keeps other lines as text, in order', () => {
    const script = [
      '',
      'hello there',
      'think plan first',
      'sleep 250',
      'sleep forever',
      'tool read_file {"path": "a.txt"}',
      'tool list',
      'fail RATE_LIMITED 429 slow down',
      'fail BOOM',
      'finish max-tokens',
      '\\tool as plain text',
      '',
    ].join('\n')
    expect(parseEchoScript(script)).toEqual([
      { kind: 'text', text: 'hello there' },
      { kind: 'think', text: 'plan first' },
      { kind: 'sleep', ms: 250 },
      { kind: 'sleep', ms: null },
      { kind: 'tool', name: 'read_file', arguments: '{"path": "a.txt"}' },
      { kind: 'tool', name: 'list', arguments: '{}' },
      { kind: 'fail', code: 'RATE_LIMITED', status: 429, message: 'slow down' },
      { kind: 'fail', code: 'BOOM' },
      { kind: 'finish', reason: 'max-tokens' },
      { kind: 'text', text: 'tool as plain text' },
    ])
  })

  it('keeps blank lines inside the text and tolerates CRLF', () => {
    expect(parseEchoScript('a\r\n\r\nb\r\n')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'text', text: '' },
      { kind: 'text', text: 'b' },
    ])
  })

  it('treats a capitalised or embedded command word as text', () => {
    expect(parseEchoScript('Think twice\nsleeper agent\n  sleep 5')).toEqual([
      { kind: 'text', text: 'Think twice' },
      { kind: 'text', text: 'sleeper agent' },
      { kind: 'text', text: '  sleep 5' },
    ])
  })

  it('passes tool arguments through unvalidated, so bad JSON can be scripted', () => {
    expect(parseEchoScript('tool bash {"command": ')).toEqual([
      { kind: 'tool', name: 'bash', arguments: '{"command":' },
    ])
  })

  it('reads a number after the fail code as a status only when it is an HTTP status', () => {
    expect(parseEchoScript('fail E 42 answers')).toEqual([{ kind: 'fail', code: 'E', message: '42 answers' }])
    expect(parseEchoScript('fail E 5000')).toEqual([{ kind: 'fail', code: 'E', message: '5000' }])
  })

  const malformed: Array<[string, RegExp]> = [
    ['sleep', /line 1: "sleep" needs whole milliseconds or "forever", got ""/],
    ['hi\nsleep 1.5', /line 2: "sleep" needs whole milliseconds/],
    ['tool', /line 1: "tool" needs a tool name/],
    ['think', /line 1: "think" needs text/],
    ['fail', /line 1: "fail" needs an error code/],
    ['finish error', /line 1: "finish" needs one of stop, tool-calls, max-tokens, got "error"/],
  ]
  for (const [script, message] of malformed) {
    it(`rejects ${JSON.stringify(script)} with its line number`, () => {
      expect(() => parseEchoScript(script)).toThrow(message)
      expect(() => parseEchoScript(script)).toThrow(EchoScriptError)
    })
  }
})
