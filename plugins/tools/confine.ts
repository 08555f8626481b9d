// Confines file tool paths to the session cwd and its additional directories (ACP
// `additionalDirectories`): first lexically (relative paths resolve against the cwd, `..`, absolute
// paths), then physically (symlinks must not lead out of the real roots). Synchronous: a lookup of a
// few cached path names takes microseconds, each trip through libuv's thread pool far more (a tool
// call made ~8); what a check resolves is proven again when opened (pinned-open.ts).
import { lstatSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { describeFsError, fsErrorCode } from './fs-errors.ts'
import { type FileIdentity, fileIdentities } from './pinned-open.ts'
import { relativeInside } from '../../lib/path-inside.ts'

export type ConfinedPath =
  | {
      ok: true
      /**
       * What to open (with pinned-open.ts); `display` is how messages name it: cwd-relative inside the
       * cwd, absolute (as the client spelled the directory) inside an additional directory.
       */
      realPath: string
      display: string
      /** The real root (the cwd or an additional directory) the real path lies in. */
      realCwd: string
      /** The real path named like `display`: differs only when the path leads through a symlink. */
      realDisplay: string
      /** The hidden paths that are files, by identity: a hard link to one is refused when opened. */
      hiddenFiles: FileIdentity[]
    }
  | { ok: false; message: string }

/** Where the file tools may go besides the cwd, for messages. */
const alsoIn = (roots: readonly string[]) =>
  roots.length ? ` and its additional directories (${roots.map((root) => JSON.stringify(root)).join(', ')})` : ''

const outside = (requested: string, roots: readonly string[]) =>
  `Path "${requested}" is outside the working directory${alsoIn(roots)}. Use a path relative to the working ` +
  `directory (absolute paths are accepted only inside ${roots.length ? 'those' : 'it'}, and ".." must not leave ` +
  `${roots.length ? 'them' : 'it'}).`

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

const symlinkEscape = (display: string, roots: readonly string[]) =>
  `Path "${display}" resolves through a symlink to a location outside the working directory${alsoIn(roots)}; ` +
  `only files inside ${roots.length ? 'those' : 'the working directory'} can be accessed.`

interface LexicalPath {
  /** The real root the requested path lies in (lexically): the cwd's, or an additional directory's. */
  realCwd: string
  /** The requested path rebased onto that real root; symlinks below it are not yet resolved. */
  absolute: string
  display: string
  /** Every allowed root's real path (cwd first): a symlink may lead from one into another. */
  realRoots: string[]
  /** The additional directories as given, for messages. */
  roots: readonly string[]
}

function resolveLexically(cwd: string, requested: string, roots: readonly string[]): LexicalPath | { message: string } {
  const absolute = path.resolve(cwd, requested)
  const realRoots: string[] = []
  let found: Omit<LexicalPath, 'realRoots' | 'roots'> | undefined
  for (const [index, root] of [cwd, ...roots].entries()) {
    let real: string
    try {
      real = realpathSync.native(root)
    } catch {
      if (index === 0) return { message: 'The working directory is not accessible.' }
      continue
    }
    realRoots.push(real)
    // An absolute path may name a root by either its given or its real spelling; the cwd comes first.
    const relative = relativeInside(path.resolve(root), absolute) ?? relativeInside(real, absolute)
    if (found || relative === undefined) continue
    const display = index === 0 ? relative || '.' : path.join(path.resolve(root), relative)
    found = { realCwd: real, absolute: path.join(real, relative), display }
  }
  if (!found) return { message: outside(requested, roots) }
  return { ...found, realRoots, roots }
}

/** The real path proven inside an allowed root, with the root it lies in and how to name it; else a refusal. */
function realInside(lexical: LexicalPath, real: string, hiddenReal: readonly string[]): ConfinedPath {
  const base = lexical.realRoots.find((root) => relativeInside(root, real) !== undefined)
  if (base === undefined) return { ok: false, message: symlinkEscape(lexical.display, lexical.roots) }
  if (isHidden(real, hiddenReal)) return { ok: false, message: hiddenPath(lexical.display) }
  const inCwd = base === lexical.realRoots[0]
  const realDisplay = real === lexical.absolute ? lexical.display : inCwd ? relativeInside(base, real) || '.' : real
  const hiddenFiles = fileIdentities(hiddenReal)
  return { ok: true, realPath: real, display: lexical.display, realCwd: base, realDisplay, hiddenFiles }
}

/** For reading: the path must exist and its real location must be inside an allowed root and not hidden. */
export function confineExisting(
  cwd: string,
  requested: string,
  hidden: readonly string[] = [],
  roots: readonly string[] = [],
): ConfinedPath {
  const lexical = resolveLexically(cwd, requested, roots)
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
  const confined = realInside(lexical, real, hiddenReal)
  // "a.txt/" is no name for a file (open(2) says ENOTDIR); path.resolve would have dropped the slash.
  if (confined.ok && namesFolder(requested) && !statSync(real).isDirectory())
    return { ok: false, message: `Path "${requested}" ends with "/", but "${lexical.display}" is not a folder.` }
  return confined
}

/** A path ending in "/" (or "/.") names a folder, whatever path.resolve makes of it. */
const namesFolder = (requested: string) => /\/\.?$/.test(requested)

/**
 * For writing: the path may not exist yet, so the real location is the realpath of the
 * nearest existing ancestor plus the missing segments. A dangling symlink on the way is
 * refused: writing through it would create its target wherever it points.
 */
export function confineForWrite(
  cwd: string,
  requested: string,
  hidden: readonly string[] = [],
  roots: readonly string[] = [],
): ConfinedPath {
  const lexical = resolveLexically(cwd, requested, roots)
  if ('message' in lexical) return { ok: false, message: lexical.message }
  if (namesFolder(requested))
    return {
      ok: false,
      message:
        `Path "${requested}" ends with "/", so it names a folder; ` +
        `a write needs a file path, e.g. "${requested}name.txt".`,
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
  return realInside(lexical, path.join(realAncestor, ...missing), hiddenReal)
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
