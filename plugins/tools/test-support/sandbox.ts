// Test helpers for the sandbox: this machine's tier (the tests check the confinement where there is
// one and the named fallback where not), processes found by a token in their command line (a
// process in the sandbox's PID namespace cannot tell its pid outside), a loopback server.
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { detectSandbox } from '../../../lib/sandbox/detect.ts'
import type { SandboxTier } from '../../../lib/sandbox/tier.ts'
import { isRunning } from './workspace.ts'

export const machineTier: SandboxTier = await detectSandbox()

/** Running processes (not zombies, not this one) whose command line passes `test`. */
function processesWhose(test: (cmdline: string) => boolean): number[] {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  return pids.map(Number).filter((pid) => {
    if (pid === process.pid) return false
    try {
      return test(readFileSync(`/proc/${pid}/cmdline`, 'utf8')) && isRunning(pid)
    } catch {
      return false
    }
  })
}

/** Running processes whose command line holds `token`. */
export function processesWithArg(token: string): number[] {
  return processesWhose((cmdline) => cmdline.includes(token))
}

/**
 * Running processes whose argv[0] is `name` (`exec -a name …`): the command itself, not a launcher
 * whose arguments merely spell it (bwrap's and the shell's command lines hold the whole command).
 */
export function processesNamed(name: string): number[] {
  return processesWhose((cmdline) => cmdline.split('\0')[0] === name)
}

/** A TCP server on 127.0.0.1 that answers `pong` to each connection; close it when done. */
export async function loopbackServer(): Promise<{ port: number; server: Server }> {
  const server = createServer((socket) => socket.end('pong\n'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the loopback server has no port')
  return { port: address.port, server }
}
