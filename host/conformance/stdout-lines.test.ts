// An agent that writes anything but JSON-RPC messages to stdout is told so, by the first bad
// line, at once: not 30 s later as "no response to initialize".
import { afterAll, describe, expect, it } from 'vitest'
import { StdoutLineCheck } from './stdout-lines.ts'
import { runTestSuite } from './test-support/run-test-suite.ts'
import { removeScratch } from './test-support/scratch.ts'
import { writeSuite } from './test-support/suite-dir.ts'

function check(chunks: string[], end = true): string[] {
  const problems: string[] = []
  const lines = new StdoutLineCheck((problem) => problems.push(problem))
  for (const chunk of chunks) lines.push(Buffer.from(chunk))
  if (end) lines.end()
  return problems
}

describe('StdoutLineCheck', () => {
  it('accepts JSON-RPC objects split across chunks, and blank lines', () => {
    expect(check(['{"jsonrpc":"2.0",', '"id":1,"result":{}}\n\n  \n{"jsonrpc":"2.0","method":"x"}\n'])).toEqual([])
    expect(check(['{"jsonrpc":"2.0","method":"x"}'])).toEqual([])
  })

  it('names the first bad line once, with its number, including a last line without a newline', () => {
    expect(check(['{"id":1}\nStarting agent v1\n', 'more garbage\n'])).toEqual([
      'agent wrote non-JSON to stdout: "Starting agent v1" (line 2 of its output); ACP over stdio carries only ' +
        'JSON-RPC messages, one per line: the agent must write logs and banners to stderr',
    ])
    expect(check(['{"id":1}\n', 'trailing'])).toEqual([expect.stringMatching(/: "trailing" \(line 2 of its output\)/)])
    expect(check(['{"id":1}\n', 'trailing'], false)).toEqual([])
    expect(check([`${'x'.repeat(500)}\n`])).toEqual([expect.stringContaining(`"${'x'.repeat(120)}…"`)])
  })

  it('names a line that is not UTF-8, where the bad byte is (the SDK would read U+FFFD and pass)', () => {
    const problems: string[] = []
    const lines = new StdoutLineCheck((problem) => problems.push(problem))
    lines.push(Buffer.from('{"id":1}\n'))
    const latin1 = Buffer.concat([
      Buffer.from('{"id":2,"result":{"text":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}}\n'),
    ])
    lines.push(latin1)
    expect(problems).toEqual([
      'agent wrote invalid UTF-8 to stdout: byte 0xe9 at byte 30 of line 2 of its output; JSON-RPC messages over ' +
        'stdio are UTF-8 text, and a client would read the bad bytes as U+FFFD: encode strings as UTF-8 (or escape ' +
        'them as \\uXXXX)',
    ])
    // A character split across chunks is fine.
    const euro = Buffer.from('{"text":"€"}\n')
    lines.push(euro.subarray(0, 10))
    lines.push(euro.subarray(10))
    expect(problems).toHaveLength(1)
    const fresh = new StdoutLineCheck((problem) => problems.push(problem))
    fresh.push(euro.subarray(0, 10))
    fresh.push(euro.subarray(10))
    fresh.end()
    expect(problems).toHaveLength(1)
  })

  it('names JSON that is not a message object', () => {
    expect(check(['42\n'])).toEqual([
      expect.stringMatching(/^agent wrote JSON that is not a JSON-RPC message object to stdout: "42" \(line 1/),
    ])
    expect(check(['[{"id":1}]\n'])).toHaveLength(1)
  })
})

describe('an agent that writes garbage to stdout', () => {
  afterAll(removeScratch)

  it('fails the case with what it wrote, not with an initialize timeout', async () => {
    const suiteDir = await writeSuite({
      cases: {
        '001-handshake.json': {
          title: 'handshake',
          spec: ['R1'],
          // Long enough that a timeout cannot be mistaken for the fix.
          timeouts: { startMs: 15_000 },
          steps: [{ op: 'initialize' }],
          checks: [{ check: 'protocolVersion' }],
        },
      },
    })
    const { code, result } = await runTestSuite({
      suiteDir,
      agentCommand: `node -e 'console.log("Agent 1.0 listening on stdio"); setInterval(() => {}, 1000)'`,
    })
    expect(code).toBe(1)
    expect(result('handshake').failures).toEqual([
      expect.stringMatching(/^agent wrote non-JSON to stdout: "Agent 1.0 listening on stdio" \(line 1 of its output\)/),
    ])
    expect(result('handshake').cleanup?.processesGone).toBe(true)
  })
})
