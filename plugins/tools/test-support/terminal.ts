// Test helper: an editor's terminals (ACP terminal/*) backed by real local processes,
// recording the calls the bash tool makes.
import { LocalTerminals } from '../../../lib/process/terminals.ts'
import type { ClientAccess, TerminalRequest } from '../client-access.ts'

export interface FakeTerminals {
  access: ClientAccess
  host: LocalTerminals
  calls: string[]
  requests: TerminalRequest[]
}

/** `editorEnv`: what the editor's own environment adds to every terminal (besides PATH). */
export function fakeTerminals(cwd: string, editorEnv: Record<string, string> = {}): FakeTerminals {
  const host = new LocalTerminals(cwd, { PATH: process.env.PATH ?? '', ...editorEnv })
  const calls: string[] = []
  const requests: TerminalRequest[] = []
  return {
    host,
    calls,
    requests,
    access: {
      async createTerminal(request) {
        requests.push(request)
        const { terminalId: id } = host.create(request)
        calls.push(`create ${id}`)
        const log = async <T>(what: string, action: () => T | Promise<T>) => {
          calls.push(`${what} ${id}`)
          return action()
        }
        return {
          id,
          output: () => log('output', () => host.output(id)),
          waitForExit: () => log('wait_for_exit', () => host.waitForExit(id)),
          kill: () => log('kill', () => host.kill(id)),
          release: () => log('release', () => host.release(id)),
        }
      },
    },
  }
}
