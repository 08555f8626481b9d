// Prompts, sessions and protocol errors: what the editor sees without tools.
import { defineSnapshotSuite } from '../host/snapshot/vitest/define-snapshot-suite.ts'

await defineSnapshotSuite({
  url: import.meta.url,
  scenarios: [
    'text-turn',
    'reasoning-turn',
    'multi-turn-history',
    'prompt-resource-link',
    'prompt-embedded-resource',
    'two-sessions-interleaved',
    'load-recorded-session',
    'new-session-only',
    'rpc-unknown-session',
    'rpc-invalid-cwd',
    'rpc-before-initialize',
    'patch-system-prompt',
  ],
})
