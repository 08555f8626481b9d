import { describe, expect, it } from 'vitest'
import { JsonLineError } from './json-lines.ts'
import { normalizeRun } from './run.ts'
import { parseTranscript, type JsonRpcId } from './transcript.ts'

const CWD = '/tmp/dsh-text-turn-Ab12'
const SID = '5f0c6a2e-1111-4222-8333-444455556666'

const jsonl = (...messages: unknown[]) => `${messages.map((m) => JSON.stringify(m)).join('\n')}\n`
/** The golden lines of stdout: parsed as the subprocess host parses it, normalized as both hosts do. */
const golden = (stdout: string, cwdPaths: string[] = [], clientRequestIds?: JsonRpcId[]) =>
  normalizeRun({ messages: parseTranscript(stdout), sessionLogs: [], cwdPaths, clientRequestIds }).transcript

describe('the transcript', () => {
  it('renumbers ids per direction by first appearance', () => {
    const stdout = jsonl(
      { jsonrpc: '2.0', id: 7, result: { protocolVersion: 1 } }, // response to the client's request 7
      { jsonrpc: '2.0', id: 'c-9', result: {} }, // response to the client's request "c-9"
      { jsonrpc: '2.0', id: 40, method: 'session/request_permission', params: {} }, // the agent's request 40
      { jsonrpc: '2.0', method: 'session/update', params: {} }, // notification: no id
      { jsonrpc: '2.0', id: 41, method: 'session/request_permission', params: {} },
      { jsonrpc: '2.0', id: 12, result: null },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
    )
    const ids = golden(stdout).map((line) => JSON.parse(line).id)
    expect(ids).toEqual([1, 2, 1, undefined, 2, 3, null])
  })

  it('renumbers the request id an agent-sent $/cancel_request names like the request itself', () => {
    const stdout = jsonl(
      { jsonrpc: '2.0', id: 0, method: 'session/request_permission', params: {} },
      { jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 0 } },
    )
    const lines = golden(stdout).map((line) => JSON.parse(line))
    expect(lines[0].id).toBe(1)
    expect(lines[1]).toEqual({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 1 } })
  })

  it('numbers responses by the client send order when given', () => {
    const stdout = jsonl({ jsonrpc: '2.0', id: 3, result: {} }, { jsonrpc: '2.0', id: 2, result: {} })
    const lines = golden(stdout, [], [1, 2, 3])
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([3, 2])
  })

  it('tokenizes typed ids and the cwd, keeping key order and compact JSON', () => {
    const stdout = jsonl(
      { jsonrpc: '2.0', id: 0, result: { sessionId: SID } },
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: {
          sessionId: SID,
          update: {
            sessionUpdate: 'tool_call',
            title: `Read ${CWD}/a.txt`,
            rawInput: { path: `${CWD}/a.txt` },
            content: `echo ${SID}`,
          },
        },
      },
    )
    const lines = golden(stdout, [CWD])
    expect(lines).toEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"sessionId":"{{session:1}}"}}',
      '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"{{session:1}}","update":{"sessionUpdate":"t' +
        'ool_call","title":"Read {{cwd}}/a.txt","rawInput":{"path":"{{cwd}}/a.txt"},"content":"echo ' +
        '{{session:1}}"}}}',
    ])
  })

  it('replaces a known id in text that appears before its typed field', () => {
    const stdout = jsonl(
      { jsonrpc: '2.0', method: 'session/update', params: { note: `created ${SID}` } },
      { jsonrpc: '2.0', id: 0, result: { sessionId: SID } },
    )
    expect(golden(stdout)[0]).toContain('created {{session:1}}')
  })

  it('rejects a non-JSON line, naming the line and showing it', () => {
    const stdout = `${jsonl({ jsonrpc: '2.0', id: 1, result: {} })}[agent] starting up\n`
    expect(() => parseTranscript(stdout)).toThrowError(JsonLineError)
    expect(() => parseTranscript(stdout)).toThrow(
      new RegExp(
        String.raw`^stdout line 2 is not JSON \(.*\): "\[agent\] starting up"\nstdout carries only JSON-RPC ` +
          String.raw`messages; write logs and diagnostics to stderr\.$`,
      ),
    )
  })

  it('rejects JSON that is not a JSON-RPC message and blank lines', () => {
    expect(() => parseTranscript('42\n')).toThrow(/stdout line 1 is JSON but not a JSON-RPC 2\.0 message: "42"/)
    expect(() => parseTranscript(`${jsonl({ jsonrpc: '2.0', method: 'x' })}\n`)).toThrow(/stdout line 2 is not JSON/)
  })

  it('is a no-op on its own output', () => {
    const once = golden(jsonl({ jsonrpc: '2.0', id: 5, result: { sessionId: SID, cwd: CWD } }), [CWD])
    expect(golden(`${once.join('\n')}\n`, [CWD])).toEqual(once)
  })

  it('returns no lines for empty stdout', () => {
    expect(golden('')).toEqual([])
  })
})
