// A folder's full state, kept in memory, and putting it back: how `--cwd DIR` is restored after
// each case whoever changed it (the runner's fs service, or the agent with its own tools).
// Regular files keep content, mode and mtime; symlinks keep their target (never followed);
// folders keep mode and mtime. Anything else (FIFOs, sockets, devices) is never opened: its
// presence is noted, and a change to it is reported as not restorable.
import { chmod, lstat, mkdir, readdir, readFile, readlink, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** What the runner is willing to hold in memory for one case. */
const SNAPSHOT_LIMITS = { entries: 10_000, bytes: 64 * 1024 * 1024 }

type Entry =
  | { kind: 'file'; mode: number; mtime: Date; atime: Date; content: Buffer }
  | { kind: 'link'; target: string }
  | { kind: 'dir'; mode: number; mtime: Date; atime: Date }
  | { kind: 'other'; ino: number }

export type DirSnapshot = Map<string, Entry>

/** Thrown when a folder is too large to snapshot or cannot be read; names what and why. */
class SnapshotError extends Error {
  override name = 'SnapshotError'
}

async function readEntry(path: string, sizeSoFar: number, maxBytes: number): Promise<Entry> {
  const stat = await lstat(path)
  if (stat.isSymbolicLink()) return { kind: 'link', target: await readlink(path) }
  if (stat.isDirectory()) return { kind: 'dir', mode: stat.mode & 0o7777, mtime: stat.mtime, atime: stat.atime }
  if (!stat.isFile()) return { kind: 'other', ino: stat.ino }
  if (sizeSoFar + stat.size > maxBytes) throw new SnapshotError(`more than ${maxBytes} bytes`)
  return { kind: 'file', mode: stat.mode & 0o7777, mtime: stat.mtime, atime: stat.atime, content: await readFile(path) }
}

/** Every entry under `root` (keys are relative paths, '' is the root), parents before children. */
export async function takeSnapshot(root: string, limits = SNAPSHOT_LIMITS): Promise<DirSnapshot> {
  const snapshot: DirSnapshot = new Map()
  let bytes = 0
  const visit = async (rel: string) => {
    if (snapshot.size >= limits.entries) throw new SnapshotError(`more than ${limits.entries} entries`)
    const entry = await readEntry(join(root, rel), bytes, limits.bytes)
    snapshot.set(rel, entry)
    if (entry.kind === 'file') bytes += entry.content.length
    if (entry.kind === 'dir') for (const name of (await readdir(join(root, rel))).sort()) await visit(join(rel, name))
  }
  try {
    await visit('')
  } catch (error) {
    const why = error instanceof SnapshotError ? `it holds ${error.message}` : (error as Error).message
    throw new SnapshotError(
      `cannot keep a copy of ${root} to restore after the case (${why}); the runner restores --cwd whole, ` +
        `so use a smaller folder (at most ${limits.entries} entries and ` +
        `${(limits.bytes / 1024 / 1024).toFixed(0)} MiB of files, all readable) or drop --cwd`,
    )
  }
  return snapshot
}

/** The snapshot key of the folder holding `rel` ('' is the root). */
function parentOf(rel: string): string {
  const parent = dirname(rel)
  return parent === '.' ? '' : parent
}

/** Whether `path` still is what `before` recorded (content is read only when kind, mode and size agree). */
async function unchangedAt(path: string, before: Entry | undefined): Promise<boolean> {
  if (before === undefined) return false
  const now = await lstat(path)
  switch (before.kind) {
    case 'link':
      return now.isSymbolicLink() && (await readlink(path)) === before.target
    case 'other':
      return now.ino === before.ino && !now.isFile() && !now.isDirectory() && !now.isSymbolicLink()
    case 'dir':
      return now.isDirectory() && (now.mode & 0o7777) === before.mode
    case 'file':
      return (
        now.isFile() &&
        (now.mode & 0o7777) === before.mode &&
        now.size === before.content.length &&
        (await readFile(path)).equals(before.content)
      )
  }
}

/** Puts `root` back as `snapshot` saw it; returns what could not be put back (empty when clean). */
export async function restoreSnapshot(root: string, snapshot: DirSnapshot): Promise<string[]> {
  const problems: string[] = []
  const attempt = async (what: string, action: () => Promise<unknown>) => {
    try {
      await action()
    } catch (error) {
      problems.push(`could not ${what}: ${(error as Error).message}`)
    }
  }
  const unchanged = new Set<string>()
  /** Folders whose entries were removed or recreated: their times go back too. */
  const touched = new Set<string>()
  // Remove what was added or changed (whole subtrees); keep what is already right.
  const walk = async (rel: string): Promise<void> => {
    const path = join(root, rel)
    const now = await lstat(path).catch(() => undefined)
    if (now === undefined) return
    const before = snapshot.get(rel)
    if (now.isDirectory() && before?.kind === 'dir') for (const name of await readdir(path)) await walk(join(rel, name))
    if (await unchangedAt(path, before)) unchanged.add(rel)
    else if (!(now.isDirectory() && before?.kind === 'dir')) {
      await attempt(`remove ${path}`, () => rm(path, { recursive: true, force: true }))
      touched.add(parentOf(rel))
    }
  }
  await attempt(`read ${root}`, () => walk(''))
  // Recreate what is missing or changed, parents first.
  for (const [rel, entry] of snapshot) {
    if (unchanged.has(rel)) continue
    const path = join(root, rel)
    touched.add(parentOf(rel))
    if (entry.kind === 'other') problems.push(`cannot recreate ${path}: it was a FIFO, socket or device`)
    else if (entry.kind === 'dir')
      await attempt(`recreate ${path}`, async () => {
        await mkdir(path, { recursive: true })
        await chmod(path, entry.mode)
      })
    else if (entry.kind === 'link') await attempt(`recreate the symlink ${path}`, () => symlink(entry.target, path))
    else
      await attempt(`restore ${path}`, async () => {
        await writeFile(path, entry.content)
        await chmod(path, entry.mode)
        await utimes(path, entry.atime, entry.mtime)
      })
  }
  // Folder times last, children first: adding or removing an entry moves its folder's mtime.
  for (const [rel, entry] of [...snapshot].reverse()) {
    if (entry.kind !== 'dir' || !touched.has(rel)) continue
    await attempt(`restore the times of ${join(root, rel)}`, () => utimes(join(root, rel), entry.atime, entry.mtime))
  }
  return problems
}
