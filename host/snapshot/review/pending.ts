// Pending fixtures (`<file>.new`, written by `dsh test --mode refresh --pending`): find them, show
// each against the file it would replace, accept (rename over it) or reject (delete). docs/review.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { unifiedDiff } from '../core/diff.ts'
import { isPendingFile, PENDING_SUFFIX } from '../scenario/fixture-files.ts'

export interface PendingFile {
  scenario: string
  /** Repository-relative path of the fixture it would replace, e.g. `scenarios/x/stdout.golden.jsonl`. */
  file: string
  /** Absolute path of the fixture and of its pending copy. */
  target: string
  pending: string
}

/** Every pending copy under `<root>/scenarios/*`, by scenario then file name. */
export function listPending(root: string): PendingFile[] {
  const scenarios = join(root, 'scenarios')
  if (!existsSync(scenarios)) return []
  const found: PendingFile[] = []
  for (const scenario of readdirSync(scenarios, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const dir = join(scenarios, scenario.name)
    for (const name of readdirSync(dir).sort()) {
      if (!isPendingFile(name)) continue
      const base = name.slice(0, -PENDING_SUFFIX.length)
      found.push({
        scenario: scenario.name,
        file: `scenarios/${scenario.name}/${base}`,
        target: join(dir, base),
        pending: join(dir, name),
      })
    }
  }
  return found.sort((a, b) => a.scenario.localeCompare(b.scenario) || a.file.localeCompare(b.file))
}

/** The change accepting it would make, as a unified diff (a new file diffs against nothing). */
export function pendingDiff(file: PendingFile): string {
  const current = existsSync(file.target) ? readFileSync(file.target, 'utf8') : ''
  const proposed = readFileSync(file.pending, 'utf8')
  if (current === proposed) return `${file.file}: the pending copy is identical to the committed file`
  return unifiedDiff(current, proposed, {
    expectedLabel: existsSync(file.target) ? `${file.file} (committed)` : `${file.file} (does not exist yet)`,
    actualLabel: `${file.file}${PENDING_SUFFIX} (pending)`,
  })
}

export async function acceptPending(file: PendingFile): Promise<void> {
  await rename(file.pending, file.target)
}

export async function rejectPending(file: PendingFile): Promise<void> {
  await rm(file.pending, { force: true })
}

/** Pending files by scenario, in listing order: a review goes scenario by scenario. */
export function pendingByScenario(files: readonly PendingFile[]): Array<{ scenario: string; files: PendingFile[] }> {
  const groups = new Map<string, PendingFile[]>()
  for (const file of files) groups.set(file.scenario, [...(groups.get(file.scenario) ?? []), file])
  return [...groups].map(([scenario, grouped]) => ({ scenario, files: grouped }))
}
