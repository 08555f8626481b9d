// The two things the vitest front end asks of vitest's snapshot state: is this run `-u`, and
// "list these fixture files as obsolete" (or, under -u, as removed) in vitest's own snapshot
// summary. The second uses SnapshotState's unchecked-key set (vitest 4.1), the same set vitest
// fills with obsolete `.snap` entries; when that field is missing (another vitest), the caller
// still fails the test naming the files, so nothing is ever silently dropped.
import { expect } from 'vitest'

/** A field of vitest's snapshot state that its types keep private, read at run time. */
function snapshotField(name: 'snapshotUpdateState' | '_uncheckedKeys'): unknown {
  const state: unknown = expect.getState().snapshotState
  return typeof state === 'object' && state !== null ? Reflect.get(state, name) : undefined
}

/** vitest -u (`--update`): the snapshot state updates everything. */
export function isUpdatingSnapshots(): boolean {
  return snapshotField('snapshotUpdateState') === 'all'
}

/**
 * Count `keys` (repository-relative file names) as obsolete snapshots of the running test file:
 * vitest's summary shows "N obsolete" (or, with -u, "N removed") and lists them. Returns false when
 * this vitest keeps no such set.
 */
export function reportObsoleteToVitest(keys: readonly string[]): boolean {
  const unchecked = snapshotField('_uncheckedKeys')
  if (!(unchecked instanceof Set)) return false
  for (const key of keys) unchecked.add(key)
  return true
}
