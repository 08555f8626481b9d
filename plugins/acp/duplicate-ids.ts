// Two requests with one id in flight at once (issue 43 item 23): the SDK ran both and answered
// both under that id, so the client could not tell which answer was which. The first keeps the id
// until it is answered; a second request with it meanwhile is refused -32600 and never runs.
import type * as acp from '@agentclientprotocol/sdk'
import { filterReadable } from '../../lib/acp-client/observed-stream.ts'
import { MessageWritable } from './line-stream.ts'

type Message = Record<string, unknown>

const idKey = (id: unknown) => JSON.stringify(id)
const isRequest = (message: Message) => typeof message.method === 'string' && 'id' in message
const isResponse = (message: Message) => 'id' in message && !('method' in message)

function refusal(message: Message): acp.AnyMessage {
  const text =
    `"${String(message.method)}" request refused: id ${idKey(message.id)} is already in flight (an earlier request ` +
    'with it has not been answered); give every request an id of its own'
  return {
    jsonrpc: '2.0',
    id: message.id as string | number,
    error: { code: -32600, message: text, data: { reason: 'duplicate-id', id: message.id } },
  } as acp.AnyMessage
}

/** `stream` with requests whose id is in flight refused, and ids freed as the agent answers them. */
export function refuseDuplicateIds(stream: acp.Stream, warn: (line: string) => void): acp.Stream {
  const inFlight = new Set<string>()
  const writer = stream.writable.getWriter()
  const writable = new MessageWritable(
    (message) => {
      if (isResponse(message as Message)) inFlight.delete(idKey((message as Message).id))
      return writer.write(message)
    },
    () => writer.close(),
  )
  // Read with a light reader (lib/acp-client/observed-stream.ts), not a TransformStream and its pipe:
  // every incoming message passes here, and the web stream machinery cost more than the check.
  const readable = filterReadable(stream.readable, (message) => {
    const record = message as Message
    if (!isRequest(record)) return true
    const key = idKey(record.id)
    if (!inFlight.has(key)) {
      inFlight.add(key)
      return true
    }
    const answer = refusal(record)
    warn(`acp: ${(answer as { error: { message: string } }).error.message}`)
    void writer.write(answer).catch(() => {})
    return false
  })
  return { readable, writable }
}
