// A pure description of a directory tree: files (bytes, sha256, executable bit),
// symlinks (their target, not followed), and directories (with an `empty` flag).
// A `.empty` file is a Git-only marker that keeps an empty directory in the
// repository; it is never part of the description.
import { createHash } from 'node:crypto'
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { join } from 'node:path'

export const EMPTY_DIR_MARKER = '.empty'

export type TreeEntry =
  | { path: string; type: 'file'; size: number; sha256: string; executable: boolean; bytes: Uint8Array }
  | { path: string; type: 'symlink'; target: string }
  | { path: string; type: 'dir'; empty: boolean }
  | { path: string; type: 'other' }

export type TreeEntryType = TreeEntry['type']

interface SnapshotOptions {
  /** Rewrites symlink targets, e.g. the temp cwd → {{cwd}}. */
  normalizeLinkTarget?: (target: string) => string
}

/**
 * Entries below `dir` (not `dir` itself), paths `/`-separated, sorted. Synchronous on purpose: a
 * scenario's workspace is a few small files, and an awaited call per entry costs a round trip to
 * libuv's thread pool each, which the replay loop spent waiting.
 */
export function snapshotTree(dir: string, options: SnapshotOptions = {}): TreeEntry[] {
  const entries: TreeEntry[] = []
  walk(dir, '', entries, options)
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** Returns whether the directory held anything besides a marker. */
function walk(root: string, relative: string, out: TreeEntry[], options: SnapshotOptions): boolean {
  const names = readdirSync(join(root, relative))
  let hasContent = false
  for (const name of names) {
    const path = relative ? `${relative}/${name}` : name
    const full = join(root, path)
    const stat = lstatSync(full)
    if (stat.isFile() && name === EMPTY_DIR_MARKER) continue
    hasContent = true
    if (stat.isSymbolicLink()) {
      const target = readlinkSync(full)
      out.push({
        path,
        type: 'symlink',
        target: options.normalizeLinkTarget ? options.normalizeLinkTarget(target) : target,
      })
    } else if (stat.isDirectory()) {
      const empty = !walk(root, path, out, options)
      out.push({ path, type: 'dir', empty })
    } else if (stat.isFile()) {
      const bytes = new Uint8Array(readFileSync(full))
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      out.push({ path, type: 'file', size: bytes.length, sha256, executable: (stat.mode & 0o111) !== 0, bytes })
    } else {
      out.push({ path, type: 'other' })
    }
  }
  return hasContent
}
