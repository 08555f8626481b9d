// An in-memory pipe between an ACP client and the agent, teeing the agent→client bytes
// exactly as they would appear on the agent's stdout.
import { ByteLog } from './byte-log.ts'
import * as acp from '@agentclientprotocol/sdk'
import { LineWritable } from '../line-stream.ts'

export interface MemoryPipe {
  /** The agent's side as an ACP message stream (for `ctx.acp.serve`): each message one line, teed. */
  agentStream(): acp.Stream
  /** The agent's side as bytes, for a caller that frames messages itself. */
  agent: { input: ReadableStream<Uint8Array>; output: WritableStream<Uint8Array> }
  /** The client's side. */
  client: { input: ReadableStream<Uint8Array>; output: WritableStream<Uint8Array> }
  /** Every byte the agent wrote so far, decoded as UTF-8. */
  transcript(): string
}

export interface MemoryPipeOptions {
  /**
   * Lines written through `agentStream()` that the client does not need (a client that ignores
   * some notifications): they stay in the transcript but are not delivered.
   */
  skipForClient?: (line: string) => boolean
}

export function createMemoryPipe(options: MemoryPipeOptions = {}): MemoryPipe {
  const skip = options.skipForClient
  /** What the agent wrote, in order: whole lines from agentStream(), bytes from agent.output. */
  const written = new ByteLog()
  const encoder = new TextEncoder()
  let toClient!: ReadableStreamDefaultController<Uint8Array>
  const clientInput = new ReadableStream<Uint8Array>({
    start(controller) {
      toClient = controller
    },
  })
  const deliver = (bytes: Uint8Array) => {
    try {
      toClient.enqueue(bytes)
    } catch {
      // The client closed its side: the agent's bytes still count for the transcript.
    }
  }
  const writeLine = (line: string) => {
    written.appendString(line)
    if (!skip?.(line)) deliver(encoder.encode(line))
  }
  const agentOutput = new WritableStream<Uint8Array>({
    write(chunk) {
      written.appendBytes(chunk)
      deliver(chunk)
    },
  })
  const clientToAgent = new TransformStream<Uint8Array, Uint8Array>()
  return {
    agentStream: () => lineStream(clientToAgent.readable, writeLine),
    agent: { input: clientToAgent.readable, output: agentOutput },
    client: { input: clientInput, output: clientToAgent.writable },
    transcript: () => written.text(),
  }
}

/** An ACP stream: messages read from `input` by the SDK, messages written as lines to `writeLine`. */
export function lineStream(input: ReadableStream<Uint8Array>, writeLine: (line: string) => void): acp.Stream {
  const decoder = new TextDecoder()
  // The SDK's reader writes its own answers (to a line that is not JSON) as whole lines here.
  const answers = new WritableStream<Uint8Array>({ write: (bytes) => writeLine(decoder.decode(bytes)) })
  return { readable: acp.ndJsonStream(answers, input).readable, writable: new LineWritable(writeLine) }
}
