// What the snapshot service tells its reporters (CLI progress, JSON report, vitest) as it runs.
import type { ScenarioOutcome } from '../model/outcome.ts'

export interface ScenarioStart {
  scenario: string
  /** 1-based position in this run, and the run's size. */
  index: number
  total: number
}

export interface ScenarioEnd extends ScenarioStart {
  outcome: ScenarioOutcome
}

declare module 'cordis' {
  interface Events {
    'snapshot/scenario-start'(event: ScenarioStart): void
    'snapshot/scenario-end'(event: ScenarioEnd): void
  }
}
