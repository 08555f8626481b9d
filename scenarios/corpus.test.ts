// Checks across the scenario folders that no single scenario's test file sees: folders holding
// scenario files without a snapshot.yml, and goldens or sidecars left by removed scenarios.
import { defineCorpusChecks } from '../host/snapshot/vitest/corpus-checks.ts'

await defineCorpusChecks({ url: import.meta.url })
