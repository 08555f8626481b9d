// `dsh/vitest`: declare a vitest suite of snapshot scenarios (docs/bundle.md).
export { defineSnapshotSuite, snapshotMode, type SnapshotSuiteOptions } from './define-snapshot-suite.ts'
export { scenarioFiles, type ScenarioFilesOptions } from './scenario-files.ts'
export { defineCorpusChecks } from './corpus-checks.ts'
