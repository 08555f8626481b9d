// Compiled with tsc --noEmit by the end-to-end test: dsh's exports carry their .d.ts.
import type { SuiteResult } from 'dsh/host'
import { runScenarios } from 'dsh/host'
import { defineSnapshotSuite } from 'dsh/vitest'

export const run: () => Promise<SuiteResult> = () => runScenarios({ root: '.', config: 'cordis.yml', names: ['shout'] })
// @ts-expect-error scenarios is 'all' or a list of names
export const wrong = () => defineSnapshotSuite({ url: import.meta.url, scenarios: 5 })
