// Tool calls: approvals, bash results, file tools and confinement, a read-only tool set.
import { defineSnapshotSuite } from '../host/snapshot/vitest/define-snapshot-suite.ts'

await defineSnapshotSuite({
  url: import.meta.url,
  scenarios: [
    'bash-allow-once',
    'bash-allow-always',
    'bash-reject-once',
    'bash-approval-cancelled',
    'bash-nonzero-exit',
    'bash-output-truncated',
    'parallel-tool-calls',
    'read-file',
    'write-file',
    'list-dir',
    'path-outside-cwd',
    'symlink-escape',
    'read-only-list-dir',
    'read-only-unknown-tool',
    'patch-plugin-tool',
  ],
})
