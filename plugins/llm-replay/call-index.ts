// Which script entry answers which live call: by call identity (session, turn, step, attempt,
// purpose; docs/replay.md "Call identity"), never by arrival order. Pure: the player feeds it.
import type { CallIdentity } from '../llm/types.ts'
import { describeStep, identityKey, type ScriptEntry } from './derive.ts'

/** A call identity within one session (the session is the binding's). */
export type CallPlace = Omit<CallIdentity, 'sessionId'>

export type Lookup =
  | { kind: 'found'; index: number }
  /** No entry has this identity; one at the same turn, step and attempt was recorded for another purpose. */
  | { kind: 'purpose'; index: number; recorded: string }
  /** The entry with this identity was served already. */
  | { kind: 'again'; index: number }
  | { kind: 'none' }

export class CallIndex {
  /** Each entry's identity, attempts filled in. */
  readonly places: CallPlace[]
  private readonly byKey = new Map<string, number>()
  private readonly served: boolean[]
  private left: number

  constructor(script: readonly ScriptEntry[]) {
    this.places = callPlaces(script)
    this.served = script.map(() => false)
    this.left = script.length
    // Two entries with one identity (an override that repeats one): the first answers, the other stays unserved.
    this.places.forEach((place, index) => {
      const key = identityKey(place)
      if (!this.byKey.has(key)) this.byKey.set(key, index)
    })
  }

  /** Every entry was served. */
  get exhausted(): boolean {
    return this.left === 0
  }

  get size(): number {
    return this.served.length
  }

  /** Whether a recorded call has this identity. */
  has(place: CallPlace): boolean {
    return this.byKey.has(identityKey(place))
  }

  isServed(index: number): boolean {
    return this.served[index] === true
  }

  /** The entry for `place`, marked served; a purpose mismatch consumes the recorded call it stands in for. */
  take(place: CallPlace): Lookup {
    const index = this.byKey.get(identityKey(place))
    if (index !== undefined) {
      if (this.served[index]) return { kind: 'again', index }
      this.serve(index)
      return { kind: 'found', index }
    }
    const other = this.places.findIndex(
      (recorded, at) =>
        !this.served[at] &&
        recorded.turn === place.turn &&
        recorded.step === place.step &&
        recorded.attempt === place.attempt,
    )
    const recorded = this.places[other]
    if (recorded === undefined) return { kind: 'none' }
    this.serve(other)
    return { kind: 'purpose', index: other, recorded: recorded.purpose }
  }

  /** The recorded calls at `turn`, described, for an extra call's message. */
  callsAt(turn: number): string[] {
    return this.places.filter((place) => place.turn === turn).map(describeCall)
  }

  private serve(index: number): void {
    this.served[index] = true
    this.left--
  }
}

/**
 * Each entry's identity: a log's entries name their attempt and purpose; an override entry that
 * names no attempt takes the lowest attempt no other entry at its (turn, step, purpose) has, in
 * script order (so entries appended at one place are its attempts 2, 3, …).
 */
function callPlaces(script: readonly ScriptEntry[]): CallPlace[] {
  const used = new Map<string, Set<number>>()
  const where = (item: ScriptEntry) => `${item.at.turn}:${item.at.step}:${item.purpose ?? 'turn'}`
  const taken = (item: ScriptEntry) => {
    const key = where(item)
    let set = used.get(key)
    if (!set) used.set(key, (set = new Set()))
    return set
  }
  for (const item of script) if (item.attempt !== undefined) taken(item).add(item.attempt)
  return script.map((item) => {
    let attempt = item.attempt
    if (attempt === undefined) {
      const set = taken(item)
      for (attempt = 1; set.has(attempt); attempt++);
      set.add(attempt)
    }
    return { turn: item.at.turn, step: item.at.step, attempt, purpose: item.purpose ?? 'turn' }
  })
}

/** `turn 2 step 1`, with `attempt 3` and `purpose compaction` when they are not the defaults. */
export function describeCall(place: CallPlace): string {
  const attempt = place.attempt === 1 ? '' : ` attempt ${place.attempt}`
  const purpose = place.purpose === 'turn' ? '' : ` (purpose ${place.purpose})`
  return `${describeStep(place)}${attempt}${purpose}`
}
