// The agent's line output: the same bytes as the SDK's ndJsonStream, in order, errors included;
// and the memory pipe that tees them.
import * as acp from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { LineWritable } from './line-stream.ts'
import { createMemoryPipe, lineStream } from './test-support/memory-pipe.ts'

const notification = (n: number): acp.AnyMessage => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: {
    sessionId: 's',
    update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `ü${n}` } },
  },
})

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

describe('LineWritable', () => {
  it('writes each message as the line ndJsonStream would, in call order, through any writer', async () => {
    const lines: string[] = []
    const writable = new LineWritable((line) => void lines.push(line))
    const first = writable.getWriter()
    await Promise.all([first.write(notification(1)), writable.getWriter().write(notification(2))])
    first.releaseLock()
    const sdkBytes = new TransformStream<Uint8Array, Uint8Array>()
    const sdk = acp.ndJsonStream(sdkBytes.writable, new ReadableStream())
    const sdkWriter = sdk.writable.getWriter()
    const expected = readAll(sdkBytes.readable)
    await sdkWriter.write(notification(1))
    await sdkWriter.write(notification(2))
    await sdkBytes.writable.close()
    expect(lines.join('')).toBe(await expected)
  })

  it('refuses writes after the connection closed or aborted its output', async () => {
    const writable = new LineWritable(() => {})
    await writable.getWriter().close()
    await expect(writable.getWriter().write(notification(1))).rejects.toThrow(/ACP output was closed/)
    const aborted = new LineWritable(() => {})
    await aborted.getWriter().abort(new Error('gone'))
    await expect(aborted.getWriter().write(notification(1))).rejects.toThrow(/aborted/)
  })

  it('passes a failed line write on as a rejected write', async () => {
    const writable = new LineWritable(() => Promise.reject(new Error('EPIPE')))
    await expect(writable.getWriter().write(notification(1))).rejects.toThrow('EPIPE')
    const throwing = new LineWritable(() => {
      throw new Error('closed fd')
    })
    await expect(throwing.getWriter().write(notification(1))).rejects.toThrow('closed fd')
  })
})

describe('lineStream', () => {
  it('serves an SDK agent: requests in, the answer and a parse error out as lines to the same sink', async () => {
    const lines: string[] = []
    const input = new TransformStream<Uint8Array, Uint8Array>()
    const connection = acp
      .agent({ name: 'line-test' })
      .onRequest(acp.methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: {}, authMethods: [] }))
      .connect(lineStream(input.readable, (line) => void lines.push(line)))
    const writer = input.writable.getWriter()
    await writer.write(
      Buffer.from(
        `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 1 } })}\n`,
      ),
    )
    await writer.write(Buffer.from('not json\n'))
    await writer.close()
    await connection.closed
    const messages = lines.map((line) => JSON.parse(line))
    expect(lines.every((line) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1)).toBe(true)
    expect(messages).toContainEqual(
      expect.objectContaining({ id: 1, result: expect.objectContaining({ protocolVersion: 1 }) }),
    )
    expect(messages).toContainEqual(
      expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32700 }) }),
    )
  })
})

describe('createMemoryPipe', () => {
  it('tees every line into the transcript and delivers only those the client needs', async () => {
    const pipe = createMemoryPipe({ skipForClient: (line) => line.includes('"skip"') })
    const writer = pipe.agentStream().writable.getWriter()
    await writer.write({ jsonrpc: '2.0', method: 'skip', params: {} })
    await writer.write({ jsonrpc: '2.0', id: 1, result: { ok: 'ü' } })
    const bytesWriter = pipe.agent.output.getWriter()
    await bytesWriter.write(new TextEncoder().encode('{"raw":'))
    await bytesWriter.write(new TextEncoder().encode('true}\n'))
    expect(pipe.transcript()).toBe(
      '{"jsonrpc":"2.0","method":"skip","params":{}}\n{"jsonrpc":"2.0","id":1,"result":{"ok":"ü"}}\n{"raw":true}\n',
    )
    const reader = pipe.client.input.getReader()
    const delivered: string[] = []
    for (let index = 0; index < 3; index++) delivered.push(Buffer.from((await reader.read()).value!).toString('utf8'))
    expect(delivered.join('')).toBe('{"jsonrpc":"2.0","id":1,"result":{"ok":"ü"}}\n{"raw":true}\n')
  })
})
