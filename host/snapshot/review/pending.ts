// Pending fixtures (`<file>.new`, written by `dsh test --mode refresh --pending`): find them, show
// each against the file it would replace, accept (its checked text replaces the file) or reject
// (delete). docs/review.md. A pending copy or a fixture that is not a regular file (a symlink, a FIFO,
// a socket, a device) is refused by type before anything opens it, and reads go through the fixture
// guard (O_NOFOLLOW | O_NONBLOCK, checked once open): no outside file reaches a diff or a fixture, and
// nothing blocks (issue 43, leak 6 and hang 9). What is accepted is secret-scanned first.
import { existsSync, lstatSync, readdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { unifiedDiff } from '../core/diff.ts'
import { manifestFileOf, type SecretGate, secretRefusal } from '../core/secrets/gate.ts'
import { FixtureGuardError, fixtureEntryProblem, readFixtureSync, writeFixture } from '../io/safe-fixture-io.ts'
import { isPendingFile, PENDING_SUFFIX } from '../core/fixture-files.ts'

export interface PendingFile {
  scenario: string
  /** Repository-relative path of the fixture it would replace, e.g. `scenarios/x/stdout.golden.jsonl`. */
  file: string
  /** The project folder, and the absolute paths of the fixture and of its pending copy. */
  root: string
  target: string
  pending: string
  /** Why it cannot be shown or accepted (only rejected): the copy or the fixture is no regular file. */
  problem?: string
}

/** Every pending copy under `<root>/scenarios/*`, by scenario then file name. */
export function listPending(root: string): PendingFile[] {
  const scenarios = join(root, 'scenarios')
  if (!existsSync(scenarios)) return []
  const found: PendingFile[] = []
  for (const scenario of readdirSync(scenarios, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const dir = join(scenarios, scenario.name)
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!isPendingFile(entry.name)) continue
      const base = entry.name.slice(0, -PENDING_SUFFIX.length)
      const file = `scenarios/${scenario.name}/${base}`
      const target = join(dir, base)
      const targetEntry = lstatSync(target, { throwIfNoEntry: false })
      const problem =
        fixtureEntryProblem(`${file}${PENDING_SUFFIX}`, entry) ??
        (targetEntry && fixtureEntryProblem(file, targetEntry))
      found.push({
        scenario: scenario.name,
        file,
        root,
        target,
        pending: join(dir, entry.name),
        ...(problem ? { problem } : {}),
      })
    }
  }
  return found.sort((a, b) => a.scenario.localeCompare(b.scenario) || a.file.localeCompare(b.file))
}

/** The change accepting it would make, as a unified diff (a new file diffs against nothing), or why it cannot. */
export function pendingDiff(file: PendingFile): string {
  const texts = readBoth(file)
  if (typeof texts === 'string') return texts
  const { current, proposed } = texts
  if (current === proposed) return `${file.file}: the pending copy is identical to the committed file`
  return unifiedDiff(current ?? '', proposed, {
    expectedLabel: current === undefined ? `${file.file} (does not exist yet)` : `${file.file} (committed)`,
    actualLabel: `${file.file}${PENDING_SUFFIX} (pending)`,
  })
}

/**
 * Installs the pending copy's text (the text checked and scanned, written beside the fixture and renamed
 * over it) and removes the copy; returns why it was refused instead, changing nothing.
 */
export async function acceptPending(file: PendingFile, gate: SecretGate): Promise<string | undefined> {
  const texts = readBoth(file)
  if (typeof texts === 'string') return texts
  const secrets = secretRefusal(gate, [{ absolute: file.target, text: texts.proposed }], manifestFileOf(file.scenario))
  if (secrets) return `${file.file}${PENDING_SUFFIX} was not accepted: ${secrets}`
  await writeFixture(file.root, file.target, texts.proposed)
  await rm(file.pending, { force: true })
  return undefined
}

export async function rejectPending(file: PendingFile): Promise<void> {
  // rm removes a link itself, never what it points to.
  await rm(file.pending, { force: true })
}

/** Both texts through the fixture guard, or the refusal to show. */
function readBoth(file: PendingFile): { current?: string; proposed: string } | string {
  const refused = (why: string) =>
    `${file.file}${PENDING_SUFFIX}: refused, nothing read: ${why}; reject it (dsh review ${file.scenario} --reject)`
  if (file.problem) return refused(file.problem)
  try {
    const proposed = readFixtureSync(file.root, file.pending)
    if (proposed === undefined) return refused('it is gone')
    return { current: readFixtureSync(file.root, file.target), proposed }
  } catch (error) {
    if (error instanceof FixtureGuardError) return refused(error.message)
    throw error
  }
}

/** Pending files by scenario, in listing order: a review goes scenario by scenario. */
export function pendingByScenario(files: readonly PendingFile[]): Array<{ scenario: string; files: PendingFile[] }> {
  const groups = new Map<string, PendingFile[]>()
  for (const file of files) groups.set(file.scenario, [...(groups.get(file.scenario) ?? []), file])
  return [...groups].map(([scenario, grouped]) => ({ scenario, files: grouped }))
}
