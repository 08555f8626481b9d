// An in-memory byte pipe between an ACP client and the agent, teeing the agent→client
// bytes exactly as they would appear on the agent's stdout.

export interface MemoryPipe {
  /** The agent's side: it reads client bytes and writes its own. */
  agent: { input: ReadableStream<Uint8Array>; output: WritableStream<Uint8Array> }
  /** The client's side. */
  client: { input: ReadableStream<Uint8Array>; output: WritableStream<Uint8Array> }
  /** Every byte the agent wrote so far, decoded as UTF-8. */
  transcript(): string
}

export function createMemoryPipe(): MemoryPipe {
  const written: Uint8Array[] = []
  const agentToClient = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      written.push(chunk)
      controller.enqueue(chunk)
    },
  })
  const clientToAgent = new TransformStream<Uint8Array, Uint8Array>()
  return {
    agent: { input: clientToAgent.readable, output: agentToClient.writable },
    client: { input: agentToClient.readable, output: clientToAgent.writable },
    transcript: () => Buffer.concat(written).toString('utf8'),
  }
}
