// The host plugin inserted into the live composition for in-process runs: it serves the
// ACP bridge over an in-memory byte pipe and feeds durable session events to the driver.
import * as acp from '@agentclientprotocol/sdk'
import { type Context, Service } from 'cordis'
import type {} from '../../../plugins/acp/index.ts'
import type {} from '../../../plugins/session/index.ts'
import { SessionEventFeed } from './driver/event-feed.ts'
import { isSessionUpdateLine } from './driver/skip-updates.ts'
import { createMemoryPipe, type MemoryPipe } from '../../../plugins/acp/memory-pipe.ts'

declare module 'cordis' {
  interface Context {
    snapshotHost: SnapshotHost
  }
}

export class SnapshotHost extends Service {
  static readonly provide = 'snapshotHost'
  static readonly inject = ['acp', 'sessions']
  readonly feed = new SessionEventFeed()
  private pipe: MemoryPipe = createMemoryPipe({ skipForClient: isSessionUpdateLine })

  constructor(ctx: Context) {
    super(ctx, 'snapshotHost')
  }

  *[Service.init]() {
    yield this.ctx.sessions.watch((sessionId, event) => this.feed.push(sessionId, event))
    const connection = this.ctx.acp.serve(this.pipe.agentStream())
    yield () => connection.close()
  }

  /**
   * The driver's side of the ACP stream (use once per run). It carries no `session/update`
   * notifications: the driver ignores them, and the transcript keeps them all.
   */
  clientStream(): acp.Stream {
    return acp.ndJsonStream(this.pipe.client.output, this.pipe.client.input)
  }

  /** The bytes the agent wrote, exactly as its stdout would carry them. */
  transcript(): string {
    return this.pipe.transcript()
  }
}

export const name = 'snapshot-host'
export default SnapshotHost
