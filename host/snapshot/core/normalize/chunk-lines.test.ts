// Streamed-delta lines rendered from their parts give, byte for byte, what the general path
// (parse, tokenize, stringify) gives; anything that is not exactly that shape takes the general path.
import { describe, expect, it } from 'vitest'
import { matchChunkEvent, matchChunkUpdate } from './chunk-lines.ts'
import { createNormalizeContext } from './context.ts'
import { normalizeRun, type RunSurfaces } from './run.ts'
import { collectSessionLogIds, extractHeaders, parseSessionLog, renderSessionLog } from './session-log.ts'
import { collectTranscriptIds, parseTranscript, renderTranscript, renumberJsonRpcIds } from './transcript.ts'

const CWD = '/tmp/dsh-chunk-lines-Q7'
const S = 'ssssssss-0000-4000-8000-00000000000a'
const M = 'mmmmmmmm-0000-4000-8000-00000000000b'

/** normalizeRun without the chunk-line shortcut: the general path on every line. */
function general(run: RunSurfaces) {
  const ctx = createNormalizeContext(run.cwdPaths)
  const logs = run.sessionLogs.map((log) => parseSessionLog(log as string))
  const messages = renumberJsonRpcIds(parseTranscript(run.stdout))
  for (const log of logs) collectSessionLogIds(log, ctx)
  collectTranscriptIds(messages, ctx)
  const headers = logs.map((log) => extractHeaders(log.events, ctx))
  return {
    sessionLogs: logs.map((log) => renderSessionLog(log, ctx)),
    transcript: renderTranscript(messages, ctx),
    headers,
  }
}

const TEXTS = [
  'alpha ',
  '',
  'say "hi"\\n\ttab \\ back',
  'é ☕ 😀 \u0001',
  `in ${CWD}/src and ${CWD}2`,
  `message ${M} and session ${S}`,
  '{{cwd}} {{session:1}}',
]

function chunkEvent(seq: number, text: string, type = 'text-delta') {
  return JSON.stringify({
    seq,
    time: 1700000000000 + seq,
    type: 'assistant/chunk',
    data: { turn: 1, step: 2, chunk: { type, text } },
  })
}
function chunkUpdate(text: string, kind = 'agent_message_chunk', sessionId = S) {
  return JSON.stringify({
    jsonrpc: '2.0',
    method: 'session/update',
    params: { sessionId, update: { sessionUpdate: kind, content: { type: 'text', text } } },
  })
}

function surfaces(eventLines: string[], transcriptLines: string[]): RunSurfaces {
  const header = JSON.stringify({ type: 'session', version: 1, id: S, createdAt: 3, cwd: CWD })
  const user = JSON.stringify({ seq: 1, time: 1, type: 'user/message', data: { turn: 1, messageId: M, content: [] } })
  return {
    stdout: `${[JSON.stringify({ jsonrpc: '2.0', id: 9, result: { sessionId: S } }), ...transcriptLines].join('\n')}\n`,
    sessionLogs: [`${[header, user, ...eventLines].join('\n')}\n`],
    cwdPaths: [CWD],
  }
}

function expectSameAsGeneral(run: RunSurfaces) {
  const fast = normalizeRun(run)
  const slow = general(run)
  expect(fast.sessionLogs).toEqual(slow.sessionLogs)
  expect(fast.transcript).toEqual(slow.transcript)
  expect(fast.headers).toEqual(slow.headers)
  return fast
}

describe('chunk lines', () => {
  it('are recognized in both surfaces, escapes and all', () => {
    for (const text of TEXTS) {
      expect(matchChunkEvent(chunkEvent(1, text))?.text).toBe(text)
      expect(matchChunkUpdate(chunkUpdate(text))?.text).toBe(text)
    }
    expect(
      matchChunkEvent(
        JSON.stringify({
          type: 'assistant/chunk',
          data: { turn: 3, step: 1, chunk: { type: 'reasoning-delta', text: 'x' } },
        }),
      ),
    ).toBeDefined()
    expect(matchChunkUpdate(chunkUpdate('x', 'agent_thought_chunk'))).toBeDefined()
  })

  it('render exactly what the general path renders', () => {
    const events = TEXTS.flatMap((text, index) => [
      chunkEvent(2 * index + 1, text),
      chunkEvent(2 * index + 2, text, 'reasoning-delta'),
    ])
    const updates = TEXTS.flatMap((text) => [chunkUpdate(text), chunkUpdate(text, 'agent_thought_chunk')])
    const run = expectSameAsGeneral(surfaces(events, updates))
    expect(run.transcript[1]).toBe(
      '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"{{session:1}}","update":{"sessionUpdate":"a' +
        'gent_message_chunk","content":{"type":"text","text":"alpha "}}}}',
    )
    expect(run.sessionLogs[0].split('\n')[2]).toBe(
      '{"type":"assistant/chunk","data":{"turn":1,"step":2,"chunk":{"type":"text-delta","text":"alpha "}}}',
    )
  })

  it('leave every near miss to the general path, with the same result', () => {
    const nearMisses = [
      chunkEvent(1, 'x').replace('"turn":1', '"turn":1.0'),
      chunkEvent(1, 'x').replace('"turn":1', '"turn":12345678901234567890'),
      chunkEvent(1, 'x').replace('"text":"x"', '"text":"x","extra":true'),
      chunkEvent(1, 'x').replace('"step":2,', '"step":2, '),
      chunkEvent(1, 'x').replace('text-delta', 'tool-call-delta'),
      chunkEvent(1, 'x').replace('"type":"assistant/chunk",', '"type":"assistant/chunk","type":"assistant/chunk",'),
    ]
    for (const line of nearMisses) expect(matchChunkEvent(line)).toBeUndefined()
    const updateMisses = [
      chunkUpdate('x').replace('"method"', '"id":4,"method"'),
      chunkUpdate('x').replace('"type":"text"', '"type":"image"'),
      chunkUpdate('x').replace('{"jsonrpc"', '{ "jsonrpc"'),
      chunkUpdate('x', 'agent_message_chunk', 'id with \\"quote'),
    ]
    for (const line of updateMisses.slice(0, 3)) expect(matchChunkUpdate(line)).toBeUndefined()
    expectSameAsGeneral(surfaces(nearMisses, updateMisses))
  })

  it('fall back to the general path when a constant of their shape would be replaced', () => {
    const run = surfaces([chunkEvent(1, 'x')], [chunkUpdate('x')])
    // A typed id spelled like a constant of the shape: the general path rewrites that constant too.
    const odd = JSON.stringify({
      seq: 9,
      time: 9,
      type: 'permission/outcome',
      data: { approvalId: 'agent_message_chunk' },
    })
    run.sessionLogs = [`${run.sessionLogs[0]}${odd}\n`]
    const normalized = expectSameAsGeneral(run)
    expect(normalized.transcript[1]).toContain('"sessionUpdate":"{{approval:1}}"')
  })

  it('keep the errors of the general path for a line that is not JSON', () => {
    const broken = chunkUpdate('x').replace('"text":"x"', '"text":"bad \\x escape"')
    expect(matchChunkUpdate(broken)).toBeUndefined()
    expect(() => normalizeRun(surfaces([], [broken]))).toThrow(/stdout line 2 is not JSON/)
  })
})
