// The runner's terminal/*: commands of the agent's terminal/create run as real local processes
// in the case cwd (lib/process/terminals.ts), only for a case that advertises terminals and
// only for its own sessions. What the agent asked is on the wire; checks read it from there.
import * as acp from '@agentclientprotocol/sdk'
import { LocalTerminals } from '../../lib/process/terminals.ts'

interface ClientTerminalsOptions {
  cwd: string
  advertised: boolean
  knownSession(sessionId: string): boolean
}

export function createClientTerminals(options: ClientTerminalsOptions) {
  // The agent's commands see PATH and what they ask for: nothing of the runner's environment leaks.
  const terminals = new LocalTerminals(options.cwd, { PATH: process.env.PATH ?? '/usr/bin:/bin' })
  const admit = (method: string, sessionId: string) => {
    if (!options.advertised)
      throw acp.RequestError.methodNotFound(`${method} (this case's client does not advertise terminals)`)
    if (!options.knownSession(sessionId))
      throw acp.RequestError.invalidParams({ sessionId }, `${method}: unknown session "${sessionId}"`)
  }
  /** An unknown or released terminal id is the agent's error: invalid params naming it. */
  const known = async <T>(method: string, action: () => T | Promise<T>): Promise<T> => {
    try {
      return await action()
    } catch (error) {
      throw acp.RequestError.invalidParams(undefined, `${method}: ${(error as Error).message}`)
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
    /** The runner's cleanup: end whatever the agent left running (the check reports the leak). */
    releaseAll: () => terminals.releaseAll(),
  }
}
