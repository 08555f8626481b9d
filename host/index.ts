// `dsh/host`: run a project's snapshot scenarios from code (the same engine as `dsh test` and
// `dsh/vitest`), and the types of what comes back. docs/bundle.md.
export { runScenarios, type RunScenariosOptions } from './snapshot/run/run.ts'
export type { SuiteResult } from './snapshot/run/run.ts'
export type { ScenarioOutcome } from './snapshot/model/outcome.ts'
export type { RunMode } from './snapshot/model/modes.ts'
export type { TestComposition } from './snapshot/service/patches.ts'
export type { CompositionChoice } from './snapshot/run/composition.ts'
export { discoverScenarios, type LoadedScenario, type DiscoveryResult } from './snapshot/scenario/discover.ts'
export { bootComposition, type BootOptions, type BootedComposition } from '../plugins/config/boot.ts'
