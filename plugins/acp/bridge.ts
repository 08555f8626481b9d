// One ACP connection: the SDK owns JSON-RPC framing; this maps requests onto the agent
// and projects the session log onto `session/update` notifications.
import * as acp from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import { AgentRequestError, type PromptClient } from '../agent/index.ts'
import { outcomeFromOptionId } from '../agent/permission.ts'
import type { SessionEvent } from '../session/events.ts'
import { summarizeSessions } from '../session/summaries.ts'
import { clientAccess } from './client-access.ts'
import { parseNewSession } from './params.ts'
import { historyUpdates, liveUpdates, type ToolLookup } from './projection.ts'
import { requireExistingFolder, requireRecordedCwd } from './session-cwd.ts'
import { listSessions } from './session-list.ts'
import { modeState } from './session-modes.ts'

export const PROTOCOL_VERSION = 1

export interface BridgeConnection {
  closed: Promise<void>
  close(): void
}

export function serveConnection(
  ctx: Context,
  stream: acp.Stream,
  info: { name: string; version: string },
): BridgeConnection {
  let initialized = false
  /** What the client advertised at initialize: decides whether tools use its files and terminals. */
  let clientCapabilities: acp.ClientCapabilities | undefined
  const owned = new Set<string>()
  const tools: ToolLookup = (name) => ctx.tools.get(name)
  // Notifications go out in the order they were produced (the SDK writes messages in call
  // order); a prompt's response waits for the last one, and with it for all before it.
  let outbox: Promise<void> = Promise.resolve()
  let client: acp.AgentContext | undefined
  const send = (sessionId: string, update: acp.SessionUpdate) => {
    const target = client
    if (!target) return
    outbox = target.notify(acp.methods.client.session.update, { sessionId, update }).catch((error) => {
      ctx.emit(ctx, 'internal/warn', `acp: could not send session/update for ${sessionId}: ${error?.message ?? error}`)
    })
  }
  const requireInit = (method: string) => {
    if (!initialized)
      throw acp.RequestError.invalidRequest({ method }, `${method} before initialize: send "initialize" first`)
  }
  const requireSession = (sessionId: string) => {
    if (!owned.has(sessionId) || !ctx.agent.has(sessionId)) {
      throw acp.RequestError.invalidParams(
        { sessionId },
        `unknown session "${sessionId}": create it with session/new or restore it with session/load`,
      )
    }
  }

  const app = acp
    .agent({ name: info.name })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      initialized = true
      clientCapabilities = params.clientCapabilities
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: false, audio: false, embeddedContext: true },
          sessionCapabilities: { list: {} },
        },
        agentInfo: { name: info.name, version: info.version },
        authMethods: [],
      }
    })
    .onRequest(
      acp.methods.agent.session.new,
      (params: unknown) => params,
      ({ params }) => {
        // Initialization is checked before the params, so an early request gets the right error.
        requireInit('session/new')
        const { cwd } = parseNewSession(params)
        requireExistingFolder('session/new', cwd)
        const header = ctx.agent.newSession(cwd)
        owned.add(header.id)
        return { sessionId: header.id, modes: modeState(ctx.agent.modeOf(header.id)!) }
      },
    )
    .onRequest(acp.methods.agent.session.load, ({ params }) => {
      requireInit('session/load')
      requireExistingFolder('session/load', params.cwd)
      requireRecordedCwd(ctx, params.sessionId, params.cwd)
      let log
      try {
        log = ctx.agent.loadSession(params.sessionId)
      } catch (error) {
        throw toRequestError(error)
      }
      owned.add(params.sessionId)
      for (const update of historyUpdates(log.events, tools)) send(params.sessionId, update)
      return outbox.then(() => ({ modes: modeState(ctx.agent.modeOf(params.sessionId)!) }))
    })
    .onRequest(acp.methods.agent.session.list, ({ params }) => {
      requireInit('session/list')
      return listSessions(summarizeSessions(ctx.sessions), params)
    })
    .onRequest(acp.methods.agent.session.setMode, async ({ params }) => {
      requireInit('session/set_mode')
      requireSession(params.sessionId)
      try {
        ctx.agent.setMode(params.sessionId, params.modeId)
      } catch (error) {
        throw toRequestError(error)
      }
      // The current_mode_update the change produced goes out before the response.
      await outbox
      return {}
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params }) => {
      requireInit('session/prompt')
      requireSession(params.sessionId)
      const promptClient: PromptClient = {
        requestPermission: async (request) => {
          // The tool_call update announcing this call is still queued: the editor must see it first.
          await outbox
          if (request.signal.aborted) return { outcome: 'cancelled' }
          const response: acp.RequestPermissionResponse = await client!.request(
            acp.methods.client.session.requestPermission,
            {
              sessionId: request.sessionId,
              toolCall: {
                toolCallId: request.callId,
                title: request.tool.title(request.args),
                kind: request.tool.kind,
                status: 'pending',
                rawInput: request.args,
              },
              options: request.options,
            },
            { cancellationSignal: request.signal },
          )
          if (response.outcome.outcome !== 'selected') return { outcome: 'cancelled' }
          try {
            return outcomeFromOptionId(response.outcome.optionId)
          } catch (error) {
            // Not a choice the agent offered: never guess a permission; say so and cancel.
            ctx.emit(
              ctx,
              'internal/warn',
              `acp: session ${request.sessionId}: ${(error as Error).message}; the turn is cancelled`,
            )
            return { outcome: 'cancelled' }
          }
        },
        access: clientAccess(clientCapabilities, client!, params.sessionId, () => outbox),
      }
      let outcome
      try {
        outcome = await ctx.agent.prompt(params.sessionId, params.prompt, promptClient)
      } catch (error) {
        throw toRequestError(error)
      } finally {
        await outbox
      }
      if (outcome.reason === 'error') {
        const error = outcome.error!
        throw new acp.RequestError(
          -32603,
          `model error ${error.code}${error.status ? ` (HTTP ${error.status})` : ''}: ${error.message}`,
          { code: error.code, ...(error.status ? { status: error.status } : {}) },
        )
      }
      return { stopReason: outcome.reason === 'end_turn' ? 'end_turn' : outcome.reason }
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      if (owned.has(params.sessionId)) ctx.agent.cancel(params.sessionId)
    })

  const unlisten = ctx.on('session/event', (sessionId: string, event: SessionEvent) => {
    if (!owned.has(sessionId)) return
    for (const update of liveUpdates(event, tools)) send(sessionId, update)
  })
  const connection = app.connect(stream)
  client = connection.client
  // A client that goes away cancels its running turns; done once, synchronously, while the agent is live.
  let released = false
  const release = () => {
    if (released) return
    released = true
    unlisten()
    for (const sessionId of owned) ctx.agent.cancel(sessionId)
  }
  const closed = connection.closed.finally(release)
  return {
    closed,
    close: () => {
      release()
      connection.close()
    },
  }
}

function toRequestError(error: unknown): Error {
  if (error instanceof acp.RequestError) return error
  if (error instanceof AgentRequestError) return acp.RequestError.invalidParams({ reason: error.kind }, error.message)
  return acp.RequestError.internalError(undefined, error instanceof Error ? error.message : String(error))
}
