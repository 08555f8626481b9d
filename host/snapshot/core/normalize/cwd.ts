// The run's temp cwd becomes `{{cwd}}` in every spelling it can take (lib/cwd-spellings.ts:
// as given, its realpath — the caller resolves it —, JSON-escaped, inside a `file://` URL,
// with forward slashes). A match must stand at path boundaries, so a sibling such as
// `/tmp/dsh-abc2` is not mistaken for `/tmp/dsh-abc`; a trailing `/` is kept.
import { cwdCollapser, trimCwd } from '../../../../lib/cwd-spellings.ts'

/** A function replacing every cwd spelling with `{{cwd}}`. */
export function createCwdReplacer(paths: readonly string[]): (text: string) => string {
  refuseRoots(paths)
  return cwdCollapser(paths) ?? ((text) => text)
}

// Replacing "/" (or a drive root) would rewrite every path in the transcript.
function refuseRoots(paths: readonly string[]): void {
  for (const raw of paths) {
    const path = trimCwd(raw)
    if (path === '/' || path === '' || /^[A-Za-z]:$/.test(path))
      throw new Error(
        `refusing to normalize the cwd ${JSON.stringify(raw)}: it is a filesystem root; run scenarios in a fresh ` +
          `temp directory`,
      )
  }
}
