// Opens a confined file so that what is read or written is the file that was checked, even
// while another process swaps names for symlinks (docs/tools.md, "Paths"). confine.ts checks a
// path; this opens its folder, proves through /proc/self/fd that the folder opened is that real
// folder, opens the last name inside that very folder without following a link, and checks
// what it opened (fstat): its kind, its hard links, and that it is not a hidden file. A write
// never goes through what is opened here: atomic-write.ts renames a new file over it.
import { constants, type Stats, statSync } from 'node:fs'
import { type FileHandle, mkdir, open, readlink, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { relativeInside } from '../../lib/path-inside.ts'
import { fsErrorCode } from './fs-errors.ts'

const { O_RDONLY, O_WRONLY, O_NOFOLLOW, O_NONBLOCK, O_NOCTTY, O_DIRECTORY } = constants
// O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOCTTY: a terminal must not become ours.
const LEAF_FLAGS = O_NOFOLLOW | O_NONBLOCK | O_NOCTTY

/** A refusal with the sentence the model sees; thrown so the caller's one catch reports it. */
export class PinnedFileError extends Error {}

export const changedWhileOpening = (display: string) =>
  new PinnedFileError(
    `"${display}" changed while it was being opened (a symlink appeared on its path); nothing was read or ` +
      'written. Try again once the files stop changing.',
  )

/** What a file tool opened: the handle and what it is. */
interface PinnedFile {
  handle: FileHandle
  stats: Stats
}

interface PinOptions {
  /** The real path confine.ts produced, and the cwd-relative path for messages. */
  realPath: string
  display: string
  /** The real cwd: folders are only ever created below it. */
  realCwd: string
  /** `{dev, ino}` of files no tool may open (a hard link to the key file is still the key file). */
  hiddenFiles?: readonly FileIdentity[]
}

export interface FileIdentity {
  dev: number
  ino: number
}

/** The identities of the hidden paths that are files today (folders are checked by path). */
export function fileIdentities(realPaths: readonly string[]): FileIdentity[] {
  return realPaths.flatMap((file) => {
    try {
      const entry = statSync(file)
      return entry.isFile() ? [{ dev: entry.dev, ino: entry.ino }] : []
    } catch {
      return [] // not there (yet): nothing to keep a link to
    }
  })
}

/** For reading: any existing entry (the caller checks its kind); FIFOs and devices are not waited on. */
export async function openForRead(options: PinOptions): Promise<PinnedFile> {
  return openLeaf(options, O_RDONLY | LEAF_FLAGS)
}

/**
 * For replacing a file's content (atomic-write.ts): its verified folder, held open, and the file
 * there now, checked like a write target (a regular file, one link, not hidden) and opened only
 * to read; `existing` is undefined when there is none and `create` allows it (missing folders
 * are made). Nothing is changed here: the new content goes to a temporary file renamed over it.
 */
export async function openForReplace(options: PinOptions, create: boolean): Promise<PinnedTarget> {
  const { realPath, display } = options
  const folder = create
    ? await openOrMakeFolder(path.dirname(realPath), options)
    : await openVerifiedFolder(path.dirname(realPath), display)
  const name = path.basename(realPath)
  const inFolder = (await procWorks()) ? procPath(folder) : path.dirname(realPath)
  const at = (entry: string) => path.join(inFolder, entry)
  try {
    const handle = await openEntry(at(name), O_RDONLY | LEAF_FLAGS, display, create)
    if (!handle) return { folder, name, at }
    const stats = await checkOpened({ handle, stats: await handle.stat() }, options)
    if (stats.isDirectory()) {
      await handle.close()
      throw Object.assign(new Error(`"${display}" is a directory`), { code: 'EISDIR' })
    }
    if (!stats.isFile()) await refuse({ handle, stats }, `"${display}" is not a regular file.`)
    if (stats.nlink > 1)
      await refuse(
        { handle, stats },
        `"${display}" has ${stats.nlink} hard links; a write would change every one of them, and ` +
          'one may be outside the working directory. Copy it to a file of its own first.',
      )
    await mayWrite(handle, at(name))
    return { folder, name, at, existing: { handle, stats } }
  } catch (error) {
    await folder.close()
    throw error
  }
}

/**
 * A rename over a file needs only the folder's permission; writing it in place needed the file's. A file
 * the user may not write (read-only, immutable) stays refused: opened for writing, without truncating.
 */
async function mayWrite(handle: FileHandle, leaf: string): Promise<void> {
  try {
    await (await open(leaf, O_WRONLY | LEAF_FLAGS)).close()
  } catch (error) {
    await handle.close()
    throw error
  }
}

/** What openForReplace holds: the folder, the entry's name, and the file there now. */
export interface PinnedTarget {
  folder: FileHandle
  name: string
  /** A name in the held folder as a path the kernel resolves from that open folder. */
  at(entry: string): string
  existing?: { handle: FileHandle; stats: Stats }
}

export async function closeTarget(target: PinnedTarget): Promise<void> {
  await target.existing?.handle.close().catch(() => undefined)
  await target.folder.close().catch(() => undefined)
}

/** The entries of a confined folder, read through the folder that was verified. */
export async function openFolder(options: PinOptions): Promise<{ handle: FileHandle; path: string }> {
  const handle = await openVerifiedFolder(options.realPath, options.display)
  return { handle, path: (await procWorks()) ? procPath(handle) : options.realPath }
}

async function openLeaf(options: PinOptions, flags: number): Promise<PinnedFile> {
  const { realPath, display } = options
  const folder = await openVerifiedFolder(path.dirname(realPath), display)
  try {
    const leaf = (await procWorks()) ? path.join(procPath(folder), path.basename(realPath)) : realPath
    const handle = (await openEntry(leaf, flags, display, false))!
    const pinned = { handle, stats: await handle.stat() }
    await checkOpened(pinned, options)
    return pinned
  } finally {
    await folder.close()
  }
}

/** Where /proc is missing, the path is checked again; a hidden file's identity is refused. */
async function checkOpened(pinned: PinnedFile, options: PinOptions): Promise<Stats> {
  if (!(await procWorks())) await verifyByPath(options.realPath, pinned, options.display)
  if (options.hiddenFiles?.some(({ dev, ino }) => dev === pinned.stats.dev && ino === pinned.stats.ino))
    await refuse(
      pinned,
      `"${options.display}" is a link to a file dsh keeps from the tools (its key or a session log).`,
    )
  return pinned.stats
}

/** An existing entry, or undefined when it is missing and may be created. */
async function openEntry(leaf: string, flags: number, display: string, mayBeMissing: boolean) {
  try {
    return await open(leaf, flags)
  } catch (error) {
    if (fsErrorCode(error) === 'ELOOP') throw changedWhileOpening(display)
    if (mayBeMissing && fsErrorCode(error) === 'ENOENT') return undefined
    throw error
  }
}

/** Opens a folder and proves the folder opened is `realDir` (no link swapped in on its way). */
async function openVerifiedFolder(realDir: string, display: string): Promise<FileHandle> {
  const handle = await open(realDir, O_RDONLY | O_DIRECTORY)
  try {
    const opened = (await procWorks()) ? await readlink(procPath(handle)) : await realpath(realDir)
    if (opened !== realDir) throw changedWhileOpening(display)
    if (!(await procWorks())) {
      const [held, named] = await Promise.all([handle.stat(), stat(realDir)])
      if (held.dev !== named.dev || held.ino !== named.ino) throw changedWhileOpening(display)
    }
    return handle
  } catch (error) {
    await handle.close()
    throw error
  }
}

/** Missing folders are made one at a time inside the verified parent, never through a link. */
async function openOrMakeFolder(realDir: string, options: PinOptions): Promise<FileHandle> {
  try {
    return await openVerifiedFolder(realDir, options.display)
  } catch (error) {
    if (fsErrorCode(error) !== 'ENOENT' || !relativeInside(options.realCwd, realDir)) throw error
  }
  const parent = await openOrMakeFolder(path.dirname(realDir), options)
  try {
    const child = (await procWorks()) ? path.join(procPath(parent), path.basename(realDir)) : realDir
    await mkdir(child).catch((error) => {
      if (fsErrorCode(error) !== 'EEXIST') throw error
    })
  } finally {
    await parent.close()
  }
  return openVerifiedFolder(realDir, options.display)
}

/** Cross-checks by path where /proc/self/fd is missing (not Linux): narrower, not race-free. */
async function verifyByPath(realPath: string, pinned: PinnedFile, display: string): Promise<void> {
  const named = await stat(realPath).catch(() => undefined)
  const real = await realpath(realPath).catch(() => undefined)
  if (real !== realPath || named?.dev !== pinned.stats.dev || named?.ino !== pinned.stats.ino) {
    await pinned.handle.close()
    throw changedWhileOpening(display)
  }
}

async function refuse(pinned: PinnedFile, message: string): Promise<never> {
  await pinned.handle.close()
  throw new PinnedFileError(message)
}

const procPath = (handle: FileHandle) => `/proc/self/fd/${handle.fd}`

let procAvailable: Promise<boolean> | undefined
/** Whether /proc/self/fd names open files (Linux); checked once per process. */
function procWorks(): Promise<boolean> {
  procAvailable ??= stat('/proc/self/fd').then(
    (stats) => stats.isDirectory(),
    () => false,
  )
  return procAvailable
}
