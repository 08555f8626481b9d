// The SDK's stable initialize schema drops the client capabilities it does not know, among them the
// unstable `subagents` (ACP SDK 2.4, `SubagentCapabilities`). The connection reads them from the raw
// `initialize` message instead, seen on the way in; everything else is still validated by the SDK.
import type * as acp from '@agentclientprotocol/sdk'
import type { ClientCapabilities } from '@agentclientprotocol/sdk/unstable'
import { filterReadable } from '../../lib/acp-client/observed-stream.ts'

/** The unstable client capabilities dsh acts on. */
export type UnstableCapabilities = Pick<ClientCapabilities, 'subagents'>

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** What an `initialize` request advertises of them; undefined for any other message. Pure. */
function unstableCapabilities(message: unknown): UnstableCapabilities | undefined {
  if (!isObject(message) || message.method !== 'initialize' || !('id' in message)) return undefined
  const params = isObject(message.params) ? message.params : {}
  const capabilities = isObject(params.clientCapabilities) ? params.clientCapabilities : {}
  return isObject(capabilities.subagents) ? { subagents: capabilities.subagents } : {}
}

/** The stream with each incoming `initialize` shown to `seen` before the SDK parses it. */
export function tapInitialize(stream: acp.Stream, seen: (capabilities: UnstableCapabilities) => void): acp.Stream {
  // A light reader (lib/acp-client/observed-stream.ts), not a TransformStream and its pipe: every
  // incoming message passes here.
  const readable = filterReadable(stream.readable, (message) => {
    const capabilities = unstableCapabilities(message)
    if (capabilities) seen(capabilities)
    return true
  })
  return { readable, writable: stream.writable }
}
