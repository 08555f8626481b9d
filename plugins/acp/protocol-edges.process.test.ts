// issue 28 item 10, against the real dsh over raw stdio: what the agent did not advertise or
// cannot answer exactly is refused by name, and bytes it drops are reported.
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

it('refuses junk mcpServers (no list, a bad entry) with -32602 naming them', async () => {
  const { cwd, dsh } = start()
  dsh.request(1, 'initialize', { protocolVersion: 1, clientCapabilities: {} })
  dsh.request(2, 'session/new', { cwd, mcpServers: 'junk' })
  expect((await dsh.response(2)).error).toMatchObject({
    code: -32602,
    message: expect.stringContaining('session/new: mcpServers must be an array of MCP server entries'),
  })
  dsh.request(3, 'session/new', { cwd, mcpServers: [{ name: 5 }] })
  expect((await dsh.response(3)).error).toMatchObject({
    code: -32602,
    message: expect.stringContaining('session/new: mcpServers[0]'),
  })
})

it('refuses an image block (image: false is advertised) with -32602 naming the block', async () => {
  const { cwd, dsh } = start()
  const sessionId = await dsh.openSession(cwd)
  const image = { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' }
  dsh.request(3, 'session/prompt', { sessionId, prompt: [{ type: 'text', text: 'look' }, image] })
  expect((await dsh.response(3)).error).toMatchObject({
    code: -32602,
    message: expect.stringContaining('session/prompt: prompt[1] is an "image" block, but this agent advertises'),
    data: { field: 'prompt[1]', type: 'image' },
  })
})

it('refuses an integer id beyond 2^53 with that very id, instead of answering a rounded one', async () => {
  const { cwd, dsh } = start()
  await dsh.openSession(cwd)
  dsh.write('{"jsonrpc":"2.0","id":9007199254740993,"method":"session/list","params":{}}\n')
  dsh.request(4, 'session/list', {})
  await dsh.response(4)
  const answers = dsh.rawLines.filter((line) => line.includes('900719925474099'))
  expect(answers).toHaveLength(1)
  expect(answers[0]).toMatch(/^\{"jsonrpc":"2.0","id":9007199254740993,"error":\{"code":-32600,/)
  expect(answers[0]).toContain('its id 9007199254740993 is an integer beyond 2^53')
})

it('says on stderr which bytes it dropped when stdin ends inside a message', async () => {
  const { cwd, dsh } = start()
  await dsh.openSession(cwd)
  const half = '{"jsonrpc":"2.0","id":9,"method":"session/list","par'
  dsh.write(half)
  dsh.endStdin()
  await withTimeout(dsh.exited, 10_000, 'dsh to exit after stdin EOF')
  expect(dsh.stderr()).toContain(
    `acp: stdin ended inside a message: ${half.length} bytes without a closing newline, ` +
      'a "session/list" request (id 9), were dropped unanswered',
  )
})
