// One ACP connection: the SDK owns JSON-RPC framing; each request goes to its method of the
// connection (connection.ts), which maps it onto the agent and projects the session log onto
// `session/update` notifications.
import type * as acp from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import type { SessionEvent } from '../session/events.ts'
import { AnsweredClose } from './answered-close.ts'
import { AcpConnection } from './connection.ts'
import { refuseDuplicateIds } from './duplicate-ids.ts'
import { followResponses } from './follow-responses.ts'
import { holdEnd } from './held-end.ts'
import { withTimeout } from '../../lib/with-timeout.ts'
import { agentApp } from './routes.ts'
import { tapInitialize } from './unstable-capabilities.ts'

export interface BridgeConnection {
  closed: Promise<void>
  /** Cancels the running turns; closes once their prompts are answered and written messages are out (bounded). */
  close(): Promise<void>
}

/** How long a closing connection waits for its last messages (a client that stopped reading). */
const DRAIN_MS = 2_000

export function serveConnection(
  ctx: Context,
  stream: acp.Stream,
  info: { name: string; version: string },
): BridgeConnection {
  const connection = new AcpConnection(ctx, info)
  const answers = new AnsweredClose()
  const app = agentApp(info.name, connection, answers)

  const unlisten = ctx.on('session/event', (sessionId: string, event: SessionEvent) =>
    connection.onSessionEvent(sessionId, event),
  )
  const warn = (line: string) => ctx.emit(ctx, 'internal/warn', line)
  // The input's end waits until the running prompts are cancelled and answered (stdin EOF).
  const ending = async () => {
    connection.cancelRunning()
    await answers.settled()
  }
  const guarded = holdEnd(refuseDuplicateIds(stream, warn), ending)
  const inbound = tapInitialize(guarded, (capabilities) => connection.advertised(capabilities))
  const outbound = followResponses(answers.wrap(inbound), (response) => connection.afterResponse(response))
  const served = app.connect(outbound)
  connection.attach(served.client)
  // A client that goes away cancels its running turns; done once, synchronously, while the agent is live.
  let released = false
  const release = () => {
    if (released) return
    released = true
    unlisten()
    connection.cancelAll()
  }
  return {
    closed: served.closed.finally(release),
    close: async () => {
      release()
      await answers.settled()
      await withTimeout(outbound.drained(), DRAIN_MS, 'the last ACP messages to be written').catch(() => {})
      served.close()
    },
  }
}
