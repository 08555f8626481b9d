// Every read and write of a scenario's fixtures goes through here. A fixture is a regular file
// (a directory for fixture folders) inside its scenario folder: anything else — a symbolic link
// to anywhere, a FIFO, a socket, a device — is a FixtureGuardError before anything is opened, so
// nothing outside the repository reaches a diff, a refresh never writes through a link and a
// FIFO never blocks a run. Reads open with O_NOFOLLOW | O_NONBLOCK and check what they opened,
// so a file swapped after the check is refused too. Writes go to a temp file in the same folder,
// then `rename` over the name (which replaces a name, never follows one). docs/scenario-format.md.
// Checks and reads are synchronous: fixtures are small files read at set points (discovery, a run's
// start and end), and each asynchronous call is a thread-pool round trip: discovering the 46-scenario
// corpus took 110 ms of CPU that way and takes 30 ms now (docs/benchmarks.md).
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats } from 'node:fs'
import { rename, rm, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join, relative, sep } from 'node:path'
import { type EntryLike, specialKind } from '../../../lib/regular-file.ts'

/** A fixture that is not a regular file (or directory) inside its scenario folder. */
export class FixtureGuardError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FixtureGuardError'
  }
}

/** A fixture file, a fixture folder (workspace/, workspace.expected/), or the scenario folder holding them. */
type FixtureKind = 'file' | 'dir' | 'scenario'

/** The guard's wording for one entry, or undefined when it is what a fixture may be. */
export function fixtureEntryProblem(shown: string, entry: EntryLike, kind: FixtureKind = 'file'): string | undefined {
  const odd = specialKind(entry)
  if (odd) return `${shown} is ${odd}; ${RULES[kind]}`
  if (kind !== 'file' && !entry.isDirectory()) return `${shown} is a file; ${RULES[kind]}`
  if (kind === 'file' && entry.isDirectory()) return `${shown} is a directory; ${RULES[kind]}`
  return undefined
}

const RULES: Record<FixtureKind, string> = {
  file: 'fixtures must be regular files inside the scenario folder (replace it with the file itself)',
  dir: 'fixture folders must be directories inside the scenario folder (replace it with the folder itself)',
  scenario: 'scenario folders must be directories inside scenarios/ (replace it with the folder itself)',
}

/**
 * Folders a pass over one scenario's fixtures (a run's preparing) has found to be real directories:
 * each is lstat'ed once for the pass, not once per fixture below it. A pass lasts milliseconds, and a
 * folder swapped within it is no worse than one swapped between a check and its open, which the guard
 * already allows (only the fixture itself is opened O_NOFOLLOW); the fixture is lstat'ed (and a read's
 * fstat'ed) every time.
 */
export type CheckedFolders = Set<string>

/**
 * Checks `absolute` and every folder between the corpus folder (`<root>/scenarios`) and it; a folder
 * in `checked` was found a directory earlier in the same pass and is not looked at again.
 * Returns false when the fixture does not exist; throws a FixtureGuardError for anything odd.
 */
export function checkFixtureSync(
  root: string,
  absolute: string,
  kind: FixtureKind = 'file',
  checked?: CheckedFolders,
): boolean {
  const chain = locate(root, absolute)
  for (const [index, path] of chain.entries()) {
    const last = index === chain.length - 1
    if (!last && checked?.has(path)) continue
    const entry = lstatOrUndefined(path)
    if (!entry) return false
    const role = last ? kind : index === 0 ? 'scenario' : 'dir'
    const problem = fixtureEntryProblem(shownPath(root, path), entry, role)
    if (problem) throw new FixtureGuardError(problem)
    if (!last) checked?.add(path)
  }
  return true
}

/** undefined when nothing is there (or a file stands where a folder of the path should be). */
function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined
    throw error
  }
}

/** The fixture's text, or undefined when it does not exist; `checked` as for checkFixtureSync. */
export function readFixtureSync(root: string, absolute: string, checked?: CheckedFolders): string | undefined {
  if (!checkFixtureSync(root, absolute, 'file', checked)) return undefined
  const fd = openSync(absolute, READ_FLAGS)
  try {
    guardOpened(root, absolute, fstatSync(fd))
    return readFileSync(fd, 'utf8')
  } finally {
    closeSync(fd)
  }
}

/** Writes a temp file next to the fixture and renames it over the name; refuses an odd existing entry. */
export async function writeFixture(root: string, absolute: string, text: string): Promise<void> {
  checkFixtureSync(root, absolute)
  const temp = join(dirname(absolute), `.${basename(absolute)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    // 'wx': the temp name is new; a link or pipe placed there is refused, not followed.
    await writeFile(temp, text, { flag: 'wx' })
    await rename(temp, absolute)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

// O_NOFOLLOW: a link that appeared since the check fails to open; O_NONBLOCK: a FIFO never blocks the open.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

function guardOpened(root: string, absolute: string, stats: Stats): void {
  const problem = fixtureEntryProblem(shownPath(root, absolute), stats)
  if (problem) throw new FixtureGuardError(problem)
}

const shownPath = (root: string, path: string) => relative(root, path).split(sep).join('/')

/** The paths to check, in order: each folder below `<root>/scenarios/`, then the fixture itself. */
function locate(root: string, absolute: string): string[] {
  const parts = relative(root, absolute).split(sep)
  if (parts[0] !== 'scenarios' || parts.length < 3)
    throw new FixtureGuardError(`${absolute} is not inside a scenario folder under ${join(root, 'scenarios')}`)
  return parts.slice(1).map((_, index) => join(root, ...parts.slice(0, index + 2)))
}
