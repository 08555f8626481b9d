// Turns that do not end normally: cancels, model failures, output and step limits.
import { defineSnapshotSuite } from '../host/snapshot/vitest/define-snapshot-suite.ts'

await defineSnapshotSuite({
  url: import.meta.url,
  scenarios: [
    'cancel-during-stream',
    'cancel-running-bash',
    'cancel-awaiting-approval',
    'model-auth-error',
    'model-stream-cut',
    'model-rate-limit',
    'max-tokens',
    'step-limit',
  ],
})
