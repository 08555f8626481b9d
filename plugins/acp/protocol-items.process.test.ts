// issue 43 items 13, 14 and 23, against the real dsh over raw stdio: stdin EOF answers every
// in-flight prompt, `authenticate` with the advertised method works, and what the SDK would get wrong silently
// (invalid UTF-8, an id already in flight) is refused by name.
import { afterEach, expect, it } from 'vitest'
import { withTimeout } from '../../lib/with-timeout.ts'
import { cleanupDshProcesses, scratch } from '../../host/app/test-support/dsh-process.ts'
import { cleanupRawDsh, RawDsh } from './test-support/raw-dsh.ts'

afterEach(async () => {
  cleanupRawDsh()
  await cleanupDshProcesses()
})

function start() {
  const { cwd, sessions } = scratch()
  return { cwd, dsh: new RawDsh(cwd, sessions) }
}

const hang = (text: string) => [{ type: 'text', text: `${text}\nsleep forever` }]

it('authenticate, with the method advertised, answers a keyless model (ctx.llm read without inject)', async () => {
  const { dsh } = start()
  dsh.request(1, 'initialize', { protocolVersion: 1, clientCapabilities: { auth: { terminal: true } } })
  // Keyless (echo): one agent method, and no terminal method, since dsh login would have no key to write.
  const methods = ((await dsh.response(1)).result as { authMethods: Array<{ id: string; type?: string }> }).authMethods
  expect(methods.map((method) => [method.id, method.type])).toEqual([['api-key', undefined]])
  dsh.request(2, 'authenticate', { methodId: methods[0]!.id })
  expect(await dsh.response(2)).toEqual({ jsonrpc: '2.0', id: 2, result: { _meta: { 'dsh/keyNeeded': false } } })
})

it(
  'answers every in-flight prompt "cancelled" on stdin EOF: ' + 'streaming, in a tool call, awaiting approval',
  async () => {
    const { cwd, dsh } = start()
    const first = await dsh.openSession(cwd)
    const open = async (id: number) => {
      dsh.request(id, 'session/new', { cwd, mcpServers: [] })
      return ((await dsh.response(id)).result as { sessionId: string }).sessionId
    }
    const second = await open(3)
    const third = await open(4)
    dsh.request(5, 'session/prompt', { sessionId: first, prompt: hang('streaming') })
    // bash needs approval, which this client never gives: the prompt waits on the question.
    dsh.request(6, 'session/prompt', {
      sessionId: second,
      prompt: [{ type: 'text', text: 'tool bash {"command":"x"}' }],
    })
    dsh.request(7, 'session/prompt', { sessionId: third, prompt: hang('third') })
    await dsh.waitFor((m) => m.method === 'session/request_permission', 10_000, 'the permission request')
    for (const sessionId of [first, third])
      await dsh.waitFor(
        (m) => m.method === 'session/update' && (m.params as { sessionId: string }).sessionId === sessionId,
        10_000,
        `a session/update for ${sessionId}`,
      )
    dsh.endStdin()
    await withTimeout(dsh.stdoutEnded, 10_000, "dsh's stdout to end after stdin EOF")
    const answers = dsh.messages.filter((m) => [5, 6, 7].includes(m.id as number) && !('method' in m))
    expect(
      answers.sort((a, b) => (a.id as number) - (b.id as number)),
      dsh.stderr(),
    ).toEqual([
      { jsonrpc: '2.0', id: 5, result: { stopReason: 'cancelled' } },
      { jsonrpc: '2.0', id: 6, result: { stopReason: 'cancelled' } },
      { jsonrpc: '2.0', id: 7, result: { stopReason: 'cancelled' } },
    ])
    expect(await dsh.exited).toEqual({ code: 0, signal: null })
  },
)

it('refuses a request holding invalid UTF-8 by name instead of reading U+FFFD', async () => {
  const { cwd, dsh } = start()
  const sessionId = await dsh.openSession(cwd)
  const head = `{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"${sessionId}","prompt":`
  const bytes = Buffer.concat([
    Buffer.from(`${head}[{"type":"text","text":"caf`),
    Buffer.from([0xe9]),
    Buffer.from('"}]}}\n'),
  ])
  dsh.child.stdin!.write(bytes)
  const answer = await dsh.response(3)
  expect(answer.error).toMatchObject({
    code: -32700,
    message: expect.stringContaining(
      `"session/prompt" request (id 3) refused: byte ${head.length + 27} is not valid UTF-8`,
    ),
    data: { reason: 'invalid-utf8' },
  })
  // Nothing of it reached the session: the next prompt is turn 1.
  dsh.request(4, 'session/prompt', { sessionId, prompt: [{ type: 'text', text: 'still here' }] })
  expect((await dsh.response(4)).result).toEqual({ stopReason: 'end_turn' })
})

it('answers a second in-flight request with an id already in flight -32600, and the first as usual', async () => {
  const { cwd, dsh } = start()
  const sessionId = await dsh.openSession(cwd)
  dsh.request(7, 'session/prompt', { sessionId, prompt: hang('first') })
  await dsh.waitFor((m) => m.method === 'session/update', 10_000, 'the first prompt streaming')
  dsh.request(7, 'session/list', {})
  const refusal = await dsh.waitFor((m) => m.id === 7 && 'error' in m, 10_000, 'the refusal of the second id 7')
  expect(refusal.error).toMatchObject({
    code: -32600,
    message: expect.stringContaining('"session/list" request refused: id 7 is already in flight'),
    data: { reason: 'duplicate-id' },
  })
  dsh.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId } })}\n`)
  const answer = await dsh.waitFor((m) => m.id === 7 && 'result' in m, 10_000, 'the answer to the first id 7')
  expect(answer.result).toEqual({ stopReason: 'cancelled' })
  // Once answered, the id is free again.
  dsh.request(7, 'session/list', {})
  await dsh.waitFor((m) => m.id === 7 && 'result' in m && 'sessions' in (m.result as object), 10_000, 'a list')
})

it('does not call a request cut off by EOF before its method "a response"', async () => {
  const { cwd, dsh } = start()
  await dsh.openSession(cwd)
  const half = '{"jsonrpc":"2.0","id":9,"me'
  dsh.write(half)
  dsh.endStdin()
  await withTimeout(dsh.exited, 10_000, 'dsh to exit after stdin EOF')
  expect(dsh.stderr()).toContain(
    `acp: stdin ended inside a message: ${half.length} bytes without a closing newline, a message (id 9) ` +
      'cut off before its method or result, were dropped unanswered',
  )
})
