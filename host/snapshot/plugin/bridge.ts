// One scenario's connection to the agent inside a composition: the ACP bridge served over an
// in-memory byte pipe (the agent→client bytes teed as its stdout would carry them) and the
// durable session events the store emits, fed to the driver's waits.
import * as acp from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import type {} from '../../../plugins/acp/index.ts'
import { createMemoryPipe } from '../../../plugins/acp/memory-pipe.ts'
import type {} from '../../../plugins/session/index.ts'
import { SessionEventFeed } from './driver/event-feed.ts'
import { isSessionUpdateLine } from './driver/skip-updates.ts'

export interface ScenarioBridge {
  readonly feed: SessionEventFeed
  /** The client's side of the ACP stream (use once); it carries no `session/update` (the transcript does). */
  readonly clientStream: acp.Stream
  /** The bytes the agent wrote, exactly as its stdout would carry them. */
  transcript(): string
  /** Close the connection and stop listening; idempotent. */
  close(): void
}

/** Serve a new ACP connection from `ctx`'s composition (its `acp` entry must use transport `none`). */
export function openBridge(ctx: Context): ScenarioBridge {
  const bridge = ctx.get('acp')
  if (!bridge)
    throw new Error(
      'the composition has no running acp service: enable the acp entry (transport: none) and the agent, tools and ' +
        'sessions it needs',
    )
  const sessions = ctx.get('sessions')
  if (!sessions) throw new Error('the composition has no running sessions service: enable the session entry')
  // The driver ignores session/update notifications: the pipe keeps them for the transcript only.
  const pipe = createMemoryPipe({ skipForClient: isSessionUpdateLine })
  const feed = new SessionEventFeed()
  // Every model chunk is an event: watch the store, not through a Cordis listener.
  const stopListening = sessions.watch((sessionId, event) => feed.push(sessionId, event))
  const connection = bridge.serve(pipe.agentStream())
  let closed = false
  return {
    feed,
    clientStream: acp.ndJsonStream(pipe.client.output, pipe.client.input),
    transcript: () => pipe.transcript(),
    close() {
      if (closed) return
      closed = true
      stopListening()
      connection.close()
    },
  }
}
