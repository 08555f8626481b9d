// What one run of a scenario produced, as objects, before normalization. Each host captures its
// own way — in process, the messages the agent sent over the in-memory connection and the events
// the session store emitted; as a subprocess, its stdout and log files, each parsed once — and
// both put the logs in fixture order (core/normalize/log-order.ts).
import type { SessionLogObjects } from '../core/normalize/session-log.ts'
import type { Failure } from '../model/failure.ts'

interface CapturedSurfaces {
  /** What the agent sent the client, in order: JSON-RPC messages. */
  messages: readonly object[]
  /** Session logs in fixture order (session.jsonl first). */
  logs: readonly SessionLogObjects[]
}

export interface RawCapture {
  /** The run's surfaces; throws, naming the line, when a subprocess wrote something that is not JSON-RPC. */
  surfaces(): CapturedSurfaces
  /** The driver's, replay's and the process's complaints; empty when the run itself went well. */
  failures: Failure[]
  stderr?: string
}
