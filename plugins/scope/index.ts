// The scenario scope (docs/test-host.md): the one contract between a test host and the services
// that hold a scenario's state. The host enters a scope (where session logs go, what replay serves)
// and leaves it; the session store, replay and the agent join as participants and take or let go
// of their state there. Booting provides it (plugins/config/boot.ts), so any profile has it, with
// the ids its entries happen to have. Nothing else reaches into those services for a host.
import { type Context, Service } from 'cordis'

export type { ReplayScope, ScenarioScope } from './schema.ts'
import type { ScenarioScope } from './schema.ts'

/** A service that holds scenario state. Every `drain` runs before any `leave`. */
export interface ScopeParticipant {
  /** Take the scope's values; synchronous, so nothing runs between two participants entering. */
  enter?(scope: ScenarioScope): void
  /** Finish the scope's work: running turns end and write their endings. */
  drain?(): Promise<void>
  /** Let go of the scope's state: close logs, forget sessions. */
  leave?(): void
}

declare module 'cordis' {
  interface Context {
    scope: ScopeService
  }
}

/** A scope a participant refused: each refusal as its participant worded it (it names the file at fault). */
export class ScopeRefusedError extends Error {
  override name = 'ScopeRefusedError'
  constructor(
    readonly scope: string,
    readonly refusals: readonly string[],
  ) {
    super(`scope ${scope}: could not enter: ${refusals.join('; ')}`)
  }
}

export class ScopeService extends Service {
  static readonly provide = 'scope'
  private readonly participants = new Set<ScopeParticipant>()
  private scope?: ScenarioScope

  constructor(ctx: Context, initial?: ScenarioScope) {
    super(ctx, 'scope')
    this.scope = initial
  }

  /** The scope a host entered (or the composition booted in), if any. */
  get current(): ScenarioScope | undefined {
    return this.scope
  }

  /** Join as a participant (a Cordis effect of `caller`); a scope already entered is entered at once. */
  join(participant: ScopeParticipant, caller: Context): () => void {
    return caller.effect(() => {
      this.participants.add(participant)
      if (this.scope) participant.enter?.(this.scope)
      return () => this.participants.delete(participant)
    }, 'scope participant')
  }

  /**
   * Enter `scope` (leaving the current one first); throws naming the scope when a participant refuses.
   * A refused scope is not current, but the participants that took it keep it: the host restarts them.
   */
  async enter(scope: ScenarioScope): Promise<void> {
    if (this.scope) await this.leave()
    const refusals: string[] = []
    for (const participant of this.participants) {
      try {
        participant.enter?.(scope)
      } catch (error) {
        refusals.push((error as Error).message)
      }
    }
    if (refusals.length) throw new ScopeRefusedError(scope.name, refusals)
    this.scope = scope
  }

  /** Drain every participant, then let each go; the first failure is rethrown once all are done. */
  async leave(): Promise<void> {
    const participants = [...this.participants]
    const drained = await Promise.allSettled(participants.map((participant) => participant.drain?.()))
    const failures = drained.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []))
    for (const participant of participants) {
      try {
        participant.leave?.()
      } catch (error) {
        failures.push(error as Error)
      }
    }
    this.scope = undefined
    if (failures.length) throw failures[0]
  }
}

/** Join `ctx`'s scope service, when the composition has one (a plugin tested on its own has none). */
export function joinScope(ctx: Context, participant: ScopeParticipant): void {
  ctx.get('scope')?.join(participant, ctx)
}

export const name = 'scope'
export default ScopeService
