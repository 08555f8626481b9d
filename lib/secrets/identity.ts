// The user's own identifiers on this machine, which the home-dir and host-name rules stand for.
// One reader, so the scan, the fixtures' redaction and replay's live-side redaction agree.
import { homedir, hostname } from 'node:os'
import type { LocalIdentity } from './rules.ts'

export function localIdentity(): LocalIdentity {
  return { home: homedir(), hostname: hostname() }
}
