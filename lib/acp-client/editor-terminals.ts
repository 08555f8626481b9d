// The editor's terminal/*: the agent's commands run as real local processes in the session cwd
// (lib/process/terminals.ts), only when the client advertises terminals and only for sessions
// it opened. A refusal goes to the `refused` hook (a scenario fails with it) and to the agent.
import * as acp from '@agentclientprotocol/sdk'
import { LocalTerminals } from '../process/terminals.ts'
import { unknownSessionError } from './opened-sessions.ts'

interface EditorTerminalsOptions {
  cwd: string
  advertised: boolean
  /** Whether the client opened this session; a request naming any other is refused. */
  knownSession(sessionId: string): boolean
  /** Called with the message of every refused request, before the agent gets the error. */
  refused?(message: string): void
}

export type EditorTerminals = ReturnType<typeof createEditorTerminals>

export function createEditorTerminals(options: EditorTerminalsOptions) {
  // The agent's commands see PATH and what they ask for: nothing of dsh's environment leaks.
  const terminals = new LocalTerminals(options.cwd, { PATH: process.env.PATH ?? '/usr/bin:/bin' })
  const refuse = (error: acp.RequestError): never => {
    options.refused?.(error.message)
    throw error
  }
  const admit = (method: string, sessionId: string) => {
    if (!options.advertised)
      refuse(acp.RequestError.methodNotFound(`${method} (this client does not advertise terminals)`))
    if (!options.knownSession(sessionId)) refuse(unknownSessionError(method, sessionId))
  }
  /** An unknown or released terminal id is the agent's error: invalid params naming it. */
  const known = async <T>(method: string, action: () => T | Promise<T>): Promise<T> => {
    try {
      return await action()
    } catch (error) {
      return refuse(acp.RequestError.invalidParams(undefined, `${method}: ${(error as Error).message}`))
    }
  }
  return {
    create(params: acp.CreateTerminalRequest): acp.CreateTerminalResponse {
      admit('terminal/create', params.sessionId)
      return terminals.create({ ...params, cwd: params.cwd ?? options.cwd })
    },
    output(params: acp.TerminalOutputRequest): Promise<acp.TerminalOutputResponse> {
      admit('terminal/output', params.sessionId)
      return known('terminal/output', () => terminals.output(params.terminalId))
    },
    waitForExit(params: acp.WaitForTerminalExitRequest): Promise<acp.WaitForTerminalExitResponse> {
      admit('terminal/wait_for_exit', params.sessionId)
      return known('terminal/wait_for_exit', () => terminals.waitForExit(params.terminalId))
    },
    async kill(params: acp.KillTerminalRequest): Promise<acp.KillTerminalResponse> {
      admit('terminal/kill', params.sessionId)
      await known('terminal/kill', () => terminals.kill(params.terminalId))
      return {}
    },
    async release(params: acp.ReleaseTerminalRequest): Promise<acp.ReleaseTerminalResponse> {
      admit('terminal/release', params.sessionId)
      await known('terminal/release', () => terminals.release(params.terminalId))
      return {}
    },
    /** Ids of terminals created and not yet released. */
    open: () => terminals.open(),
    /** The client's cleanup: end whatever the agent left running. */
    releaseAll: () => terminals.releaseAll(),
  }
}
