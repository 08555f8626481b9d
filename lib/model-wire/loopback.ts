// The model server only ever listens on this machine: a scenario's model must not be reachable
// from the network, and no request of a replay or a --stub run may leave it.
import { isIP } from 'node:net'

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])

/** A named error unless `host` is a loopback address. */
export function assertLoopback(host: string): void {
  if (LOOPBACK.has(host) || (isIP(host) === 4 && host.startsWith('127.'))) return
  throw new LoopbackOnlyError(
    `the model server binds loopback addresses only (127.0.0.1, ::1, localhost), not ${JSON.stringify(host)}; ` +
      'it serves scenario fixtures and must not be reachable from the network',
  )
}

export class LoopbackOnlyError extends Error {
  override name = 'LoopbackOnlyError'
}
