// The `llm` service's registrations (pure): which adapter serves a model, and the model list in
// composition order. Two adapters may not claim one model (the second is refused by name); a
// stand-in (replay, the scripted stub) may, and answers in its place.
import type { AdapterRegistration, RegisteredAdapter } from './adapter.ts'
import { LlmError } from './types.ts'

interface Held {
  registration: AdapterRegistration
  entry?: string
  undeclared: boolean
  /** Registration order, the tiebreak after the entry's place in the composition. */
  serial: number
}

export class AdapterCatalogue {
  private readonly held: Held[] = []
  private serial = 0

  /** Add a registration; throws naming both entries when a model already has an adapter. */
  add(registration: AdapterRegistration, entry: string | undefined, undeclared = false): () => void {
    if (!registration.standsInFor) {
      for (const model of registration.models) {
        const owner = this.held.find((h) => !h.registration.standsInFor && h.registration.models.includes(model))
        if (owner) throw claimedTwice(model, owner.entry, entry)
      }
    }
    const held: Held = { registration, entry, undeclared, serial: this.serial++ }
    this.held.push(held)
    return () => {
      const index = this.held.indexOf(held)
      if (index >= 0) this.held.splice(index, 1)
    }
  }

  /** The registration that answers `model`: a stand-in before the adapter it stands in for. */
  serving(model: string): AdapterRegistration | undefined {
    const claims = this.held.filter((h) => h.registration.models.includes(model))
    return (claims.find((h) => h.registration.standsInFor) ?? claims[0])?.registration
  }

  /** Every registration, ordered by `position` of its entry (the composition's order), then as registered. */
  list(position: (entry: string | undefined) => number): RegisteredAdapter[] {
    return [...this.held]
      .sort((a, b) => position(a.entry) - position(b.entry) || a.serial - b.serial)
      .map(({ registration, entry, undeclared }) => {
        const { stream: _stream, keyProblem: _keyProblem, ...info } = registration
        return { ...info, ...(entry !== undefined ? { entry } : {}), ...(undeclared ? { undeclared } : {}) }
      })
  }

  /** The model names, each once, in the order `list` gives. */
  models(position: (entry: string | undefined) => number): string[] {
    return [...new Set(this.list(position).flatMap((adapter) => adapter.models))]
  }
}

function claimedTwice(model: string, first: string | undefined, second: string | undefined): LlmError {
  const name = (entry: string | undefined) => (entry ? `entry "${entry}"` : 'an adapter outside the composition')
  return new LlmError(
    `${name(second)}: model "${model}" is already served by ${name(first)}; give each model one adapter ` +
      "(drop it from one entry's models in cordis.yml)",
    'BAD_CONFIG',
  )
}
