// The unstable capabilities read from the raw initialize on its way in (the SDK's stable parse drops them).
import type * as acp from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { tapInitialize, type UnstableCapabilities } from './unstable-capabilities.ts'

const initialize = (clientCapabilities: unknown) => ({
  jsonrpc: '2.0' as const,
  id: 1,
  method: 'initialize',
  params: { protocolVersion: 1, clientCapabilities },
})

/** Every message through the tap: what it saw, and that each message passed on unchanged. */
async function tap(messages: object[]): Promise<{ seen: UnstableCapabilities[]; passed: unknown[] }> {
  const seen: UnstableCapabilities[] = []
  const readable = new ReadableStream<acp.AnyMessage>({
    start(controller) {
      for (const message of messages) controller.enqueue(message as acp.AnyMessage)
      controller.close()
    },
  })
  const tapped = tapInitialize({ readable, writable: new WritableStream() }, (capabilities) => seen.push(capabilities))
  const passed: unknown[] = []
  for await (const message of tapped.readable) passed.push(message)
  return { seen, passed }
}

describe('unstable client capabilities', () => {
  it('keeps an advertised subagents object as sent, and passes every message on unchanged', async () => {
    const messages = [initialize({ subagents: { _meta: { x: 1 } } }), { jsonrpc: '2.0', id: 2, method: 'session/new' }]
    const { seen, passed } = await tap(messages)
    expect(seen).toEqual([{ subagents: { _meta: { x: 1 } } }])
    expect(passed).toEqual(messages)
  })

  it('reads none from an initialize without it or with a non-object, and nothing from other messages', async () => {
    const { seen } = await tap([
      initialize({ fs: { readTextFile: true } }),
      initialize({ subagents: null }),
      initialize({ subagents: true }),
      { jsonrpc: '2.0', id: 1, method: 'initialize' },
      { jsonrpc: '2.0', method: 'initialize', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'session/new', params: { clientCapabilities: { subagents: {} } } },
      { jsonrpc: '2.0', id: 1, result: {} },
    ])
    expect(seen).toEqual([{}, {}, {}, {}])
  })
})
