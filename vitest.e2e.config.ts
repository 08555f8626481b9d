// `npm run test:e2e`: the end-to-end tests and soaks that `npm test` leaves out (real `dsh` processes
// by the dozen, nested vitest runs, an npm install, 200 scenarios in one composition), so that no
// file of `npm test` takes more than a few seconds. CI runs both (.ci/run); docs/test-host.md.
import { defineConfig } from 'vitest/config'
import base, { e2eFiles } from './vitest.config.ts'

// The base config's projects are left out: this run is one set of files.
const { projects: _projects, ...test } = base.test ?? {}

export default defineConfig({
  test: {
    ...test,
    include: e2eFiles,
    // As in the unit project: the files share a worker's imports and leave its state as they found it.
    isolate: false,
    // Real processes by the dozen beside four third-party agents: on a loaded 2-core machine a test that
    // takes 5 s alone took 20 s (record-drifted, CI). Tests that need longer still say so themselves.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['host/snapshot/vitest/global-setup.ts'],
  },
})
