import { defineSnapshotSuite } from '../host/vitest/define-snapshot-suite.ts'

await defineSnapshotSuite({
  url: import.meta.url,
  scenarios: [
    'text-turn',
  ],
})
