// What a run of many scenarios keeps of each outcome once its progress line is out. `execution` (the
// observed run with every fixture read, for vitest's own judging in process) never; the normalized
// surfaces and the expected golden only when something will read them (the JSON blob and HTML
// reports, verify-live): held for a whole corpus they are most of what the process grows by
// (~40 KB a scenario on this repository's corpus; docs/benchmarks.md, issue 44). Pure.
import type { ScenarioOutcome } from '../model/outcome.ts'

export function keptOutcome(outcome: ScenarioOutcome, keepSurfaces = true): ScenarioOutcome {
  const { execution: _, surfaces, expectedGolden, ...kept } = outcome
  return keepSurfaces
    ? {
        ...kept,
        ...(surfaces ? { surfaces } : {}),
        ...(expectedGolden !== undefined ? { expectedGolden } : {}),
      }
    : kept
}
