import { describe, expect, it } from 'vitest'
import { evaluateCheck } from './checks.ts'
import { emptyTrace, type CaseTrace } from './trace.ts'

/** A trace of reverse calls: agent requests come in, the runner's answers go out. */
function wireOf(
  build: (call: (method: string, params: object, result?: object) => void, update: (c: object) => void) => void,
) {
  const trace: CaseTrace = emptyTrace('/case')
  let seq = 0
  let id = 0
  const push = (dir: 'in' | 'out', message: Record<string, unknown>) =>
    trace.wire.push({ seq: ++seq, at: seq, dir, message })
  build(
    (method, params, result = {}) => {
      const rpcId = ++id
      push('in', { jsonrpc: '2.0', id: rpcId, method, params: { sessionId: 's', ...params } })
      push('out', { jsonrpc: '2.0', id: rpcId, result })
    },
    (content) =>
      push('in', {
        jsonrpc: '2.0',
        method: 'session/update',
        params: { sessionId: 's', update: { sessionUpdate: 'tool_call_update', toolCallId: 'c', content: [content] } },
      }),
  )
  return trace
}

const create = (call: (m: string, p: object, r?: object) => void, terminalId: string) =>
  call('terminal/create', { command: 'bash' }, { terminalId })

describe('reverse call checks', () => {
  it('counts fs and terminal requests, all or by method', () => {
    const trace = wireOf((call) => {
      call('fs/read_text_file', { path: '/case/a' }, { content: '' })
      create(call, 'term-1')
    })
    expect(evaluateCheck({ check: 'reverseCalls', max: 0 }, trace)).toBe(
      'expected at most 0 fs/*, terminal/* and elicitation/create requests from the agent, got 2 (fs/read_text_file, ' +
        'terminal/create)',
    )
    expect(evaluateCheck({ check: 'reverseCalls', method: 'terminal/create', min: 1, max: 1 }, trace)).toBeUndefined()
    expect(evaluateCheck({ check: 'reverseCalls', method: 'fs/write_text_file', min: 1 }, trace)).toMatch(
      /at least 1 fs\/write_text_file request from the agent, got 0/,
    )
  })

  it('follows each terminal from create to release: embedded first, killed first', () => {
    const good = wireOf((call, update) => {
      create(call, 'term-1')
      update({ type: 'terminal', terminalId: 'term-1' })
      call('terminal/kill', { terminalId: 'term-1' })
      call('terminal/release', { terminalId: 'term-1' })
    })
    expect(evaluateCheck({ check: 'clientTerminal', embedded: true, killed: true }, good)).toBeUndefined()
    expect(evaluateCheck({ check: 'clientTerminal', min: 2 }, good)).toBe(
      'expected at least 2 client terminals created, got 1',
    )
    // A kill, an embedding or a release counts for the terminal it names only.
    const other = wireOf((call, update) => {
      create(call, 'term-1')
      update({ type: 'terminal', terminalId: 'term-2' })
      call('terminal/kill', { terminalId: 'term-2' })
      call('terminal/release', { terminalId: 'term-1' })
    })
    expect(evaluateCheck({ check: 'clientTerminal', embedded: true, killed: true }, other)).toBe(
      'terminal "term-1" was not embedded in a tool call update before its release; terminal "term-1" got no ' +
        'terminal/kill before its release',
    )
    // A create the client refused (no terminal id) is no terminal.
    expect(
      evaluateCheck(
        { check: 'clientTerminal' },
        wireOf((call) => call('terminal/create', {}, {})),
      ),
    ).toBe('expected at least 1 client terminal created, got 0')
  })

  it('fails a terminal never released, one embedded only after release, one never killed, and too few', () => {
    const leaked = wireOf((call) => create(call, 'term-1'))
    expect(evaluateCheck({ check: 'clientTerminal' }, leaked)).toBe(
      'terminal "term-1" was never released (terminal/release)',
    )
    const late = wireOf((call, update) => {
      create(call, 'term-1')
      call('terminal/release', { terminalId: 'term-1' })
      update({ type: 'terminal', terminalId: 'term-1' })
    })
    expect(evaluateCheck({ check: 'clientTerminal', embedded: true, killed: true }, late)).toBe(
      'terminal "term-1" was not embedded in a tool call update before its release; terminal "term-1" got no ' +
        'terminal/kill before its release',
    )
    expect(evaluateCheck({ check: 'clientTerminal', min: 2 }, late)).toBe(
      'expected at least 2 client terminals created, got 1',
    )
  })
})
