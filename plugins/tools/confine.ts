// Confines file tool paths to the session cwd: first lexically (relative paths, `..`,
// absolute paths), then physically (symlinks must not lead out of the real cwd). Synchronous: a
// lookup of a few cached path names takes microseconds, each trip through libuv's thread pool far
// more (a tool call made ~8); what a check resolves is proven again when opened (pinned-open.ts).
import { lstatSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { describeFsError, fsErrorCode } from './fs-errors.ts'
import { type FileIdentity, fileIdentities } from './pinned-open.ts'
import { relativeInside } from '../../lib/path-inside.ts'

export type ConfinedPath =
  | {
      ok: true
      /** What to open (with pinned-open.ts); `display` is the cwd-relative path for messages. */
      realPath: string
      display: string
      realCwd: string
      /** The hidden paths that are files, by identity: a hard link to one is refused when opened. */
      hiddenFiles: FileIdentity[]
    }
  | { ok: false; message: string }

export { relativeInside }

const outside = (requested: string) =>
  `Path "${requested}" is outside the working directory. Use a path relative to the working directory ` +
  `(absolute paths are accepted only inside it, and ".." must not leave it).`

const hiddenPath = (display: string) =>
  `Path "${display}" is inside dsh's session log folder or is its API key (file or folder), which the file ` +
  'tools do not read or write.'

/** The real spellings of the hidden folders (a folder that does not exist yet keeps its given path). */
export function realHidden(hidden: readonly string[] = []): string[] {
  return hidden.map((folder) => {
    try {
      // realpath(3) itself, as fs/promises calls it, not node's JS walk with its cache.
      return realpathSync.native(folder)
    } catch {
      return path.resolve(folder)
    }
  })
}

/** True when `real` (a real path) is a hidden folder or inside one. */
export function isHidden(real: string, hiddenReal: readonly string[]): boolean {
  return hiddenReal.some((folder) => relativeInside(folder, real) !== undefined)
}

const symlinkEscape = (display: string) =>
  `Path "${display}" resolves through a symlink to a location outside the working directory; ` +
  `only files inside the working directory can be accessed.`

interface LexicalPath {
  realCwd: string
  /** The requested path rebased onto the real cwd; symlinks below the cwd are not yet resolved. */
  absolute: string
  display: string
}

function resolveLexically(cwd: string, requested: string): LexicalPath | { message: string } {
  let realCwd: string
  try {
    realCwd = realpathSync.native(cwd)
  } catch {
    return { message: 'The working directory is not accessible.' }
  }
  const absolute = path.resolve(cwd, requested)
  // An absolute path may name the cwd by either its given or its real spelling.
  const relative = relativeInside(path.resolve(cwd), absolute) ?? relativeInside(realCwd, absolute)
  if (relative === undefined) return { message: outside(requested) }
  return { realCwd, absolute: path.join(realCwd, relative), display: relative || '.' }
}

/** For reading: the path must exist and its real location must be inside the cwd and not hidden. */
export function confineExisting(cwd: string, requested: string, hidden: readonly string[] = []): ConfinedPath {
  const lexical = resolveLexically(cwd, requested)
  if ('message' in lexical) return { ok: false, message: lexical.message }
  // Before anything else: whether a log exists is not the model's business either.
  const hiddenReal = realHidden(hidden)
  if (isHidden(lexical.absolute, hiddenReal)) return { ok: false, message: hiddenPath(lexical.display) }
  let real: string
  try {
    real = realpathSync.native(lexical.absolute)
  } catch (error) {
    return { ok: false, message: describeFsError(error, lexical.display) }
  }
  if (relativeInside(lexical.realCwd, real) === undefined) return { ok: false, message: symlinkEscape(lexical.display) }
  if (isHidden(real, hiddenReal)) return { ok: false, message: hiddenPath(lexical.display) }
  // "a.txt/" is no name for a file (open(2) says ENOTDIR); path.resolve would have dropped the slash.
  if (namesFolder(requested) && !statSync(real).isDirectory())
    return { ok: false, message: `Path "${requested}" ends with "/", but "${lexical.display}" is not a folder.` }
  const hiddenFiles = fileIdentities(hiddenReal)
  return { ok: true, realPath: real, display: lexical.display, realCwd: lexical.realCwd, hiddenFiles }
}

/** A path ending in "/" (or "/.") names a folder, whatever path.resolve makes of it. */
const namesFolder = (requested: string) => /\/\.?$/.test(requested)

/**
 * For writing: the path may not exist yet, so the real location is the realpath of the
 * nearest existing ancestor plus the missing segments. A dangling symlink on the way is
 * refused: writing through it would create its target wherever it points.
 */
export function confineForWrite(cwd: string, requested: string, hidden: readonly string[] = []): ConfinedPath {
  const lexical = resolveLexically(cwd, requested)
  if ('message' in lexical) return { ok: false, message: lexical.message }
  if (namesFolder(requested))
    return {
      ok: false,
      message: `Path "${requested}" ends with "/", so it names a folder; a write needs a file path, e.g. "${requested}name.txt".`,
    }
  const hiddenReal = realHidden(hidden)
  if (isHidden(lexical.absolute, hiddenReal)) return { ok: false, message: hiddenPath(lexical.display) }
  const missing: string[] = []
  let existing = lexical.absolute
  while (!exists(existing)) {
    missing.unshift(path.basename(existing))
    existing = path.dirname(existing)
  }
  let realAncestor: string
  try {
    realAncestor = realpathSync.native(existing)
  } catch (error) {
    if (fsErrorCode(error) !== 'ENOENT') return { ok: false, message: describeFsError(error, lexical.display) }
    return {
      ok: false,
      message:
        `Path "${lexical.display}" goes through a symlink whose target does not exist; refusing to write ` +
        `through it.`,
    }
  }
  const real = path.join(realAncestor, ...missing)
  if (relativeInside(lexical.realCwd, real) === undefined) return { ok: false, message: symlinkEscape(lexical.display) }
  if (isHidden(real, hiddenReal)) return { ok: false, message: hiddenPath(lexical.display) }
  const hiddenFiles = fileIdentities(hiddenReal)
  return { ok: true, realPath: real, display: lexical.display, realCwd: lexical.realCwd, hiddenFiles }
}

/** lstat-based: a dangling symlink exists (it is the link that exists, not its target). */
function exists(target: string): boolean {
  try {
    lstatSync(target)
    return true
  } catch (error) {
    if (fsErrorCode(error) === 'ENOENT') return false
    // ENOTDIR and the like: stop here and let realpath report it.
    return true
  }
}
