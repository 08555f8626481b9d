import { Readable, Writable } from 'node:stream'
import { type Context, Service } from 'cordis'
import type * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import type {} from '../agent/index.ts'
import type {} from '../llm/index.ts'
import { serveConnection, type BridgeConnection } from './bridge.ts'
import { DEFAULT_MAX_MESSAGE_BYTES, limitedNdJsonStream } from './stdio-stream.ts'

export { PROTOCOL_VERSION } from './connection.ts'
export { historyUpdates, liveUpdates } from './projection.ts'

declare module 'cordis' {
  interface Context {
    acp: AcpBridge
  }
}

export const AcpConfig = z.strictObject({
  /**
   * `stdio`: `dsh serve` serves the process's stdin/stdout through it (serveStdio); `none`: only
   * `ctx.acp.serve(stream)` (an in-process client, the test host).
   */
  transport: z.enum(['stdio', 'none']).default('stdio'),
  name: z.string().default('dsh'),
  version: z.string().default('0.1.0'),
  /** Bytes in one incoming stdio message; a longer one is refused by name (docs/acp-message-limit.md). */
  maxMessageBytes: z.number().int().positive().default(DEFAULT_MAX_MESSAGE_BYTES),
})
export type AcpConfig = z.infer<typeof AcpConfig>

/** The ACP bridge: serves any number of connections over any byte stream pair. */
export class AcpBridge extends Service {
  static readonly provide = 'acp'
  // `llm`: authenticate asks it whether the session's model has its key (issue 43 item 14).
  static readonly inject = ['agent', 'tools', 'sessions', 'llm']
  static readonly Config = AcpConfig
  private connections = new Set<BridgeConnection>()

  public config: AcpConfig

  /** `ctx.plugin(AcpBridge, config)` takes the input side; Cordis parses it with `Config` before constructing. */
  constructor(ctx: Context, config: z.input<typeof AcpConfig>)
  constructor(ctx: Context, config: AcpConfig) {
    super(ctx, 'acp')
    this.config = config
  }

  *[Service.init]() {
    // Every in-flight prompt is answered `cancelled` before the connection closes (answered-close.ts).
    yield async () => {
      await Promise.all([...this.connections].map((connection) => connection.close()))
    }
  }

  /**
   * Serve the process's stdin/stdout (what `dsh serve` does once the composition is up); nothing when
   * the config says `transport: none`.
   */
  serveStdio(): BridgeConnection | undefined {
    if (this.config.transport !== 'stdio') return undefined
    const input = Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>
    const output = Writable.toWeb(process.stdout) as WritableStream<Uint8Array>
    const warn = (line: string) => this.ctx.emit(this.ctx, 'internal/warn', line)
    return this.serve(limitedNdJsonStream(output, input, { maxMessageBytes: this.config.maxMessageBytes, warn }))
  }

  /** Serve one ACP client over a message stream (see `acp.ndJsonStream` for byte streams). */
  serve(stream: acp.Stream): BridgeConnection {
    const connection = serveConnection(this.ctx, stream, { name: this.config.name, version: this.config.version })
    this.connections.add(connection)
    connection.closed.finally(() => this.connections.delete(connection))
    return connection
  }
}

export const name = 'acp'
export default AcpBridge
