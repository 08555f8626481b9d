// Determinism over time (pure): replay the same corpus many times and count how many distinct
// outcomes came out. One outcome is every scenario's verdict and both normalized surfaces
// (transcript and session logs); failure messages are left out, since they may name a run's temp
// folder. A deterministic host gives `distinct=1` however many runs it makes.
import { createHash } from 'node:crypto'

interface SurfaceOutcome {
  scenario: string
  ok: boolean
  surfaces?: { transcript: readonly string[]; sessionLogs: readonly string[] }
}

export interface Divergence {
  /** 1-based run that first gave this outcome. */
  run: number
  /** Scenarios whose verdict or surfaces differ from run 1's. */
  scenarios: string[]
}

export class DeterminismTally {
  private runCount = 0
  private readonly outcomes = new Set<string>()
  private firstRun?: Map<string, string>
  /** Each outcome other than run 1's, when it first appeared. */
  readonly divergences: Divergence[] = []

  /** Count one replay of the corpus. */
  add(outcomes: readonly SurfaceOutcome[]): void {
    this.runCount++
    const perScenario = new Map(outcomes.map((outcome) => [outcome.scenario, digest(scenarioKey(outcome))]))
    const key = digest(JSON.stringify([...perScenario].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
    if (!this.firstRun) this.firstRun = perScenario
    if (this.outcomes.has(key)) return
    this.outcomes.add(key)
    if (this.outcomes.size === 1) return
    const first = this.firstRun
    const names = new Set([...first.keys(), ...perScenario.keys()])
    this.divergences.push({
      run: this.runCount,
      scenarios: [...names].filter((name) => first.get(name) !== perScenario.get(name)).sort(),
    })
  }

  get runs(): number {
    return this.runCount
  }

  get distinct(): number {
    return this.outcomes.size
  }

  /** `runs=100 distinct=1`, then one line per divergence naming the run and the scenarios. */
  report(): string[] {
    return [
      `runs=${this.runs} distinct=${this.distinct}`,
      ...this.divergences.map(
        ({ run, scenarios }) => `run ${run} differs from run 1 in: ${scenarios.join(', ') || '(the set of scenarios)'}`,
      ),
    ]
  }
}

function scenarioKey(outcome: SurfaceOutcome): string {
  return JSON.stringify([outcome.ok, outcome.surfaces?.transcript ?? null, outcome.surfaces?.sessionLogs ?? null])
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
