// stdin EOF while prompts run (issue 43 item 13): the SDK closes the connection the moment its
// input ends, so a prompt still running was never answered, although the docs promise `cancelled`.
// The end of the input is held back until `beforeEnd` has cancelled the running turns and their
// answers are written; only then does the SDK see it.
import type * as acp from '@agentclientprotocol/sdk'
import { filterReadable } from '../../lib/acp-client/observed-stream.ts'

/** `stream` whose readable ends only after `beforeEnd()` settles, once the input has ended. */
export function holdEnd(stream: acp.Stream, beforeEnd: () => Promise<void>): acp.Stream {
  // A light reader (lib/acp-client/observed-stream.ts), not a TransformStream's flush and its pipe:
  // every incoming message passes here.
  return { readable: filterReadable(stream.readable, () => true, beforeEnd), writable: stream.writable }
}
