// Writing what a judged run decided: rewritten fixtures (or their pending `.new` copies for
// `dsh review`), logs of sessions no longer opened, and obsolete goldens and sidecars.
import { readdirSync } from 'node:fs'
import { mkdir, rm, rmdir } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import type { Assessment } from '../core/assess.ts'
import { obsoleteFixtureFiles, PENDING_SUFFIX } from '../scenario/fixture-files.ts'
import type { ScenarioManifest } from '../scenario/manifest.ts'
import { writeFixture } from './safe-fixture-io.ts'

export interface WriteResult {
  /** Repository-relative names of what was written or removed, as the reports show them. */
  written: string[]
  /** Things --pending could not express (it never deletes). */
  problems: string[]
}

/** Without `pending`, a written file replaces its stale pending copy; with it, only `<file>.new` is written. */
export async function writeAssessment(
  scenario: string,
  assessment: Pick<Assessment, 'writes' | 'deletes'>,
  options: { pending?: boolean; repoRoot: string },
): Promise<WriteResult> {
  const written: string[] = []
  const problems: string[] = []
  for (const write of assessment.writes) {
    await mkdir(dirname(write.absolute), { recursive: true })
    if (options.pending) {
      await writeFixture(options.repoRoot, write.absolute + PENDING_SUFFIX, write.text)
      written.push(`${write.file}${PENDING_SUFFIX} (pending)`)
      continue
    }
    await writeFixture(options.repoRoot, write.absolute, write.text)
    await rm(write.absolute + PENDING_SUFFIX, { force: true })
    written.push(write.file)
  }
  for (const stale of assessment.deletes) {
    if (options.pending) {
      problems.push(
        `scenario ${scenario}: ${stale.file} is no longer opened by the run; ` +
          '--pending never deletes: run the refresh without --pending or delete it',
      )
      continue
    }
    await rm(stale.absolute, { force: true })
    written.push(`${stale.file} (deleted)`)
  }
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
