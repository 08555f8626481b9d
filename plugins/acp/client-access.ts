// The editor's files, terminals and questions to the user, offered to the tools only where the
// client advertised them at initialize (`fs.readTextFile`, `fs.writeTextFile`, `terminal`,
// `elicitation.form`). Every reverse
// request first lets the queued session/updates go out, so the editor sees a tool call (and
// an embedded terminal) before it is asked to act for it, in a stable order.
import * as acp from '@agentclientprotocol/sdk'
import type { ClientAccess, ClientTerminal } from '../tools/types.ts'

export function clientAccess(
  capabilities: acp.ClientCapabilities | undefined,
  client: acp.AgentContext,
  sessionId: string,
  flushed: () => Promise<void>,
): ClientAccess | undefined {
  const access: ClientAccess = {}
  if (capabilities?.fs?.readTextFile) {
    access.readTextFile = async (path, signal) => {
      await flushed()
      const response = await client.request(
        acp.methods.client.fs.readTextFile,
        { sessionId, path },
        { cancellationSignal: signal },
      )
      return response.content
    }
  }
  if (capabilities?.fs?.writeTextFile) {
    access.writeTextFile = async (path, content, signal) => {
      await flushed()
      await client.request(
        acp.methods.client.fs.writeTextFile,
        { sessionId, path, content },
        { cancellationSignal: signal },
      )
    }
  }
  if (capabilities?.terminal) {
    access.createTerminal = async (request, signal) => {
      await flushed()
      const params: acp.CreateTerminalRequest = { sessionId, ...request }
      const created = await client.request(acp.methods.client.terminal.create, params, { cancellationSignal: signal })
      return terminalHandle(client, sessionId, created.terminalId, flushed)
    }
  }
  if (capabilities?.elicitation?.form != null) {
    access.elicit = async (request, signal) => {
      await flushed()
      const params: acp.CreateElicitationRequest = { sessionId, mode: 'form', ...request }
      return client.request(acp.methods.client.elicitation.create, params, { cancellationSignal: signal })
    }
  }
  return Object.keys(access).length ? access : undefined
}

/** Later calls are not cancellable by the turn: a cancel is answered with terminal/kill, then release. */
function terminalHandle(
  client: acp.AgentContext,
  sessionId: string,
  terminalId: string,
  flushed: () => Promise<void>,
): ClientTerminal {
  const ids = { sessionId, terminalId }
  const { terminal } = acp.methods.client
  return {
    id: terminalId,
    output: async () => {
      await flushed()
      return client.request(terminal.output, ids)
    },
    waitForExit: async () => {
      await flushed()
      return client.request(terminal.waitForExit, ids)
    },
    kill: async () => {
      await flushed()
      await client.request(terminal.kill, ids)
    },
    release: async () => {
      await flushed()
      await client.request(terminal.release, ids)
    },
  }
}
