// The proxy between an editor and a real agent process: every line passes through both ways and is
// captured with its direction; the editor closing its end ends the session.
import { PassThrough } from 'node:stream'
import { expect, test } from 'vitest'
import { proxySession } from './acp-proxy.ts'

/** An agent that answers each request with its own method name, and says one thing first. */
const AGENT = `
process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'hello' }) + '\\n')
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  let m
  try { m = JSON.parse(line) } catch { return process.stderr.write('agent got: ' + line + '\\n') }
  if ('id' in m) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { echo: m.method } }) + '\\n')
})`

test('lines pass through unchanged both ways and are captured with their direction', async () => {
  const input = new PassThrough()
  const output = new PassThrough()
  let seen = ''
  output.on('data', (chunk) => {
    seen += chunk
  })
  const running = proxySession(
    { command: process.execPath, args: ['-e', AGENT], env: {} },
    { input, output },
    {
      PATH: process.env.PATH,
    },
  )
  while (!seen.includes('hello')) await new Promise((resolve) => setTimeout(resolve, 10))
  input.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}\n')
  input.write('not json\n')
  while (!seen.includes('"id":1')) await new Promise((resolve) => setTimeout(resolve, 10))
  input.end()
  const run = await running
  expect(seen.trim().split('\n')).toEqual([
    '{"jsonrpc":"2.0","method":"hello"}',
    '{"jsonrpc":"2.0","id":1,"result":{"echo":"initialize"}}',
  ])
  expect(run.captured.map((c) => [c.dir, c.message.method ?? c.message.id])).toEqual([
    ['out', 'hello'],
    ['in', 'initialize'],
    ['out', 1],
  ])
  expect(run.exit.code).toBe(0)
  expect(run.stderr).toBe('agent got: not json\n')
})
