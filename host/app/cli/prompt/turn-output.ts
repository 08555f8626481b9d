// Where a turn's updates go: rendered for a person (./render.ts), or with --json as the ACP
// session/update notifications themselves, one JSON line each.
import type { SessionNotification } from '@agentclientprotocol/sdk'
import type { CliIO } from '../command.ts'
import { TurnRenderer, type TerminalWrite } from './render.ts'

export class TurnOutput {
  private renderer = new TurnRenderer()

  constructor(
    private readonly io: CliIO,
    private readonly json: boolean,
  ) {}

  update(notification: SessionNotification): void {
    if (this.json)
      this.io.stdout(`${JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: notification })}\n`)
    else this.write(this.renderer.update(notification.update))
  }

  /** The turn is over: finish its lines; the next turn starts fresh. */
  end(): void {
    if (!this.json) this.write(this.renderer.end())
    this.renderer = new TurnRenderer()
  }

  private write(writes: readonly TerminalWrite[]): void {
    for (const { stream, text } of writes) this.io[stream](text)
  }
}
