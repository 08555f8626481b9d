// The pieces of the message limit: reading an oversized message's id and method, and the line framer.
import { describe, expect, it } from 'vitest'
import { limitLines } from './line-limit.ts'
import { type MessageHead, MessageHeadScanner } from './message-head.ts'
import { limitedNdJsonStream } from './stdio-stream.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

function scan(text: string, chunkSize = Infinity): MessageHead {
  const scanner = new MessageHeadScanner()
  const all = bytes(text)
  const step = Math.min(chunkSize, all.length || 1)
  for (let start = 0; start < all.length; start += step) scanner.push(all.subarray(start, start + step))
  return scanner.head()
}

describe('MessageHeadScanner', () => {
  it.each([
    [
      '{"jsonrpc":"2.0","id":7,"method":"session/prompt","params":{"a":1}}',
      { id: 7, hasId: true, method: 'session/prompt', answers: false },
    ],
    [
      '{"method":"m","params":{"id":1,"method":"inner"},"id":"r-1"}',
      { id: 'r-1', hasId: true, method: 'm', answers: false },
    ],
    [
      '{"jsonrpc":"2.0","method":"session/cancel","params":{}}',
      { id: null, hasId: false, method: 'session/cancel', answers: false },
    ],
    ['{"jsonrpc":"2.0","id":3,"result":{"text":"a \\"},\\"id\\":9"}}', { id: 3, hasId: true, answers: true }],
    ['{"jsonrpc":"2.0","id":4,"error":{"code":1}}', { id: 4, hasId: true, answers: true }],
    ['{ "id" : 12 , "method" : "x" }', { id: 12, hasId: true, method: 'x', answers: false }],
    ['{"id":{"not":"scalar"},"method":"m"}', { id: null, hasId: true, method: 'm', answers: false }],
    ['[{"id":1,"method":"m"}]', { id: null, hasId: false, answers: false }],
    ['not json at all', { id: null, hasId: false, answers: false }],
  ])('reads %s', (text, expected) => {
    expect(scan(text)).toEqual({ bytes: bytes(text).length, ...expected })
    // Chunk boundaries anywhere, even inside keys and escapes, change nothing.
    expect(scan(text, 1)).toEqual({ bytes: bytes(text).length, ...expected })
  })
})

async function frame(maxBytes: number, input: string[]) {
  const heads: MessageHead[] = []
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of input) controller.enqueue(bytes(chunk))
      controller.close()
    },
  }).pipeThrough(
    limitLines(maxBytes, (head) => {
      heads.push(head)
      return head.hasId && !head.method ? bytes(`{"replaced":${head.id}}\n`) : undefined
    }),
  )
  let out = ''
  const decoder = new TextDecoder()
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) out += decoder.decode(chunk)
  return { out, heads }
}

describe('limitLines', () => {
  it('passes lines within the limit through unchanged, across chunk boundaries', async () => {
    const { out, heads } = await frame(10, ['{"a":', '1}\n{"b":2}\n{"c"', ':3}'])
    expect(out).toBe('{"a":1}\n{"b":2}\n{"c":3}')
    expect(heads).toEqual([])
  })

  it('drops a line over the limit, reports what it was, and keeps the next line whole', async () => {
    const big = `{"id":5,"method":"m","params":"${'x'.repeat(40)}"}`
    const { out, heads } = await frame(20, ['{"ok":1}\n', big.slice(0, 15), big.slice(15), '\n{"ok":2}\n'])
    expect(out).toBe('{"ok":1}\n{"ok":2}\n')
    expect(heads).toEqual([{ bytes: big.length, id: 5, hasId: true, method: 'm', answers: false }])
  })

  it('puts the replacement line where the dropped one was', async () => {
    const { out } = await frame(20, [`{"id":9,"result":"${'y'.repeat(30)}"}\n{"ok":1}\n`])
    expect(out).toBe('{"replaced":9}\n{"ok":1}\n')
  })

  it('reports an unterminated oversized line at end of input', async () => {
    const { out, heads } = await frame(8, ['{"ok":1}\n', '{"method":"never-ends"'])
    expect(out).toBe('{"ok":1}\n')
    expect(heads).toMatchObject([{ method: 'never-ends', hasId: false }])
  })
})

describe('the refusal of an oversized message', () => {
  const limit = 1024 * 1024
  const pad = 'x'.repeat(limit)
  /** One oversized line through the stream: what went back to the peer, what the SDK read, what was warned. */
  async function refuse(line: string) {
    const toPeer: unknown[] = []
    const warnings: string[] = []
    const output = new WritableStream<Uint8Array>({
      write: (chunk) => void toPeer.push(JSON.parse(new TextDecoder().decode(chunk))),
    })
    const input = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes(`${line}\n`))
        controller.close()
      },
    })
    const stream = limitedNdJsonStream(output, input, { maxMessageBytes: limit, warn: (w) => warnings.push(w) })
    const toSelf: unknown[] = []
    for await (const message of stream.readable as unknown as AsyncIterable<unknown>) toSelf.push(message)
    await new Promise((resolve) => setTimeout(resolve, 0))
    return { toPeer, toSelf, warnings }
  }

  it('answers a request and an unreadable line, but not a notification', async () => {
    const request = await refuse(`{"jsonrpc":"2.0","id":4,"method":"session/prompt","params":{"pad":"${pad}"}}`)
    expect(request.toPeer).toMatchObject([
      {
        id: 4,
        error: { code: -32600, message: expect.stringContaining('"session/prompt" request (id 4) refused') },
      },
    ])
    expect(request.warnings).toEqual([expect.stringContaining('over the 1048576-byte (1 MiB) limit')])
    expect((await refuse(pad)).toPeer).toMatchObject([{ id: null }])
    const notification = await refuse(`{"jsonrpc":"2.0","method":"session/cancel","params":{"pad":"${pad}"}}`)
    expect(notification.toPeer).toEqual([])
    expect(notification.warnings).toHaveLength(1)
  })

  it("stands in for an oversized response with an error for the agent's own request", async () => {
    const refusal = await refuse(`{"jsonrpc":"2.0","id":2,"result":{"pad":"${pad}"}}`)
    expect(refusal.toPeer).toEqual([])
    expect(refusal.toSelf).toMatchObject([{ id: 2, error: { code: -32600 } }])
  })
})
