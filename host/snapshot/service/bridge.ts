// One scenario's ACP connection to the agent inside a composition, as objects: the ACP service
// serves an in-memory message pipe (plugins/acp/message-pipe.ts) whose agent side keeps every message sent.
import type * as acp from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import type {} from '../../../plugins/acp/index.ts'
import type {} from '../../../plugins/session/index.ts'
import { createMessagePipe } from '../../../plugins/acp/message-pipe.ts'

interface ScenarioBridge {
  /** The client's side of the ACP connection (use once); it carries no `session/update` (the transcript does). */
  readonly clientStream: acp.Stream
  /** What the agent sent the client so far, in order: the run's transcript. */
  messages(): readonly acp.AnyMessage[]
  /** Close the connection once every answer is written (plugins/acp/answered-close.ts); idempotent. */
  close(): Promise<void>
}

/** Serve a new ACP connection from `ctx`'s composition (its `acp` entry must use transport `none`). */
export function openBridge(ctx: Context): ScenarioBridge {
  const bridge = ctx.get('acp')
  if (!bridge)
    throw new Error(
      'the composition has no running acp service: enable the acp entry (transport: none) and the agent, tools and ' +
        'sessions it needs',
    )
  // The run's session events come from it (./session-recorder.ts).
  if (!ctx.get('sessions')) throw new Error('the composition has no running sessions service: enable the session entry')
  // The driver ignores session/update notifications: they go to the transcript only.
  const pipe = createMessagePipe((message) => 'method' in message && message.method === 'session/update')
  const connection = bridge.serve(pipe.agent)
  let closing: Promise<void> | undefined
  return {
    clientStream: pipe.client,
    messages: () => pipe.sent,
    // Awaited by the stage: a close still settling when the scenario ends would outlive it.
    close: () => (closing ??= connection.close()),
  }
}
