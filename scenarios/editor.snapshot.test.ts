// What an editor hosts: diffs and edit_file, session modes, session/list, and the client's
// own files (unsaved buffers) and terminals answering the agent's reverse calls.
import { defineSnapshotSuite } from '../host/snapshot/vitest/define-snapshot-suite.ts'

await defineSnapshotSuite({
  url: import.meta.url,
  scenarios: [
    'write-file-existing',
    'edit-file',
    'edit-file-not-found',
    'edit-file-ambiguous',
    'mode-read-only-refuses-write',
    'mode-restored-on-load',
    'session-list',
    'client-fs-unsaved-buffer',
    'client-fs-write',
    'client-terminal-run',
    'client-terminal-cancel',
  ],
})
