// Writing what a judged run decided: rewritten fixtures (or their pending `.new` copies for
// `dsh review`), logs of sessions no longer opened, and obsolete goldens and sidecars.
import { readdirSync } from 'node:fs'
import { mkdir, rm, rmdir } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import type { Assessment } from '../core/assess.ts'
import { obsoleteFixtureFiles, PENDING_SUFFIX } from '../core/fixture-files.ts'
import type { ScenarioManifest } from '../scenario/manifest.ts'
import { applyFixtureChanges, type FixtureChange, FixtureWriteError } from './fixture-transaction.ts'

interface WriteResult {
  /** Repository-relative names of what was written or removed, as the reports show them. */
  written: string[]
  /** Things --pending could not express (it never deletes), and a write that failed (then nothing was written). */
  problems: string[]
}

/**
 * Without `pending`, a written file replaces its stale pending copy; with it, only `<file>.new` is written.
 * All of the scenario's files are written (and stale ones removed) or none (fixture-transaction.ts).
 */
export async function writeAssessment(
  scenario: string,
  assessment: Pick<Assessment, 'writes' | 'deletes'>,
  options: { pending?: boolean; repoRoot: string },
): Promise<WriteResult> {
  const { pending, repoRoot } = options
  const changes: FixtureChange[] = assessment.writes.map((write) =>
    pending
      ? { absolute: write.absolute + PENDING_SUFFIX, file: write.file + PENDING_SUFFIX, text: write.text }
      : { absolute: write.absolute, file: write.file, text: write.text },
  )
  const problems = pending
    ? assessment.deletes.map(
        (stale) =>
          `scenario ${scenario}: ${stale.file} is no longer opened by the run; ` +
          '--pending never deletes: run the refresh without --pending or delete it',
      )
    : []
  if (!pending) changes.push(...assessment.deletes.map((stale) => ({ absolute: stale.absolute, file: stale.file })))
  for (const write of assessment.writes) await mkdir(dirname(write.absolute), { recursive: true })
  try {
    await applyFixtureChanges(repoRoot, changes)
  } catch (error) {
    if (!(error instanceof FixtureWriteError)) throw error
    const nothing = `none of its ${changes.length} fixture changes were made (the others are as they were)`
    problems.push(`scenario ${scenario}: ${error.message}; ${nothing}; make it writable and refresh again`)
    return { written: [], problems }
  }
  // A fixture now written makes its pending copy stale.
  if (!pending) for (const write of assessment.writes) await rm(write.absolute + PENDING_SUFFIX, { force: true })
  const written = changes.map((change) =>
    change.text === undefined ? `${change.file} (deleted)` : pending ? `${change.file} (pending)` : change.file,
  )
  return { written, problems }
}

/** Remove the scenario's obsolete goldens and sidecars (never anything else); returns their relative names. */
export async function removeObsoleteFixtures(
  repoRoot: string,
  dir: string,
  manifest: ScenarioManifest,
): Promise<string[]> {
  const entries = readdirSync(dir, { withFileTypes: true }).map((e) => ({ name: e.name, isDirectory: e.isDirectory() }))
  const removed: string[] = []
  for (const name of obsoleteFixtureFiles(manifest, entries)) {
    await rm(join(dir, name))
    removed.push(relative(repoRoot, join(dir, name)).replaceAll('\\', '/'))
  }
  return removed
}

/** Remove goldens and sidecars left by removed scenarios (discoverScenarios' leftovers), then their emptied folders. */
export async function removeLeftovers(repoRoot: string, leftovers: readonly string[]): Promise<string[]> {
  for (const file of leftovers) await rm(join(repoRoot, file), { force: true })
  for (const folder of new Set(leftovers.map((file) => dirname(file))))
    await rmdir(join(repoRoot, folder)).catch(() => undefined) // only when empty: never anything else
  return leftovers.map((file) => `${file} (deleted: obsolete)`)
}
