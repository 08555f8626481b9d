// The run's temp cwd becomes `{{cwd}}` in every spelling it can take: the path
// as given, its realpath (e.g. macOS /var → /private/var; the caller resolves
// it), the percent-encoded path inside a `file://` URL, and the JSON-escaped
// form found in text that itself holds JSON. Longest spelling first, so an
// alias that contains another is replaced whole.
import { pathToFileURL } from 'node:url'
import { escapeRegExp } from './tokens.ts'

export const CWD_TOKEN = '{{cwd}}'

function withoutTrailingSeparators(path: string): string {
  return path.replace(/[\\/]+$/, '')
}

/** Every spelling of the given cwd paths, deduplicated, longest first. */
export function cwdSpellings(paths: readonly string[]): string[] {
  const spellings = new Set<string>()
  for (const raw of paths) {
    const path = withoutTrailingSeparators(raw)
    // Replacing "/" (or a drive root) would rewrite every path in the transcript.
    if (path === '' || /^[A-Za-z]:$/.test(path))
      throw new Error(
        `refusing to normalize the cwd ${JSON.stringify(raw)}: it is a filesystem root; run scenarios in a fresh temp directory`,
      )
    const forms = [path]
    if (path.includes('\\')) forms.push(path.replaceAll('\\', '/'))
    if (path.startsWith('/')) forms.push(pathToFileURL(path).pathname)
    for (const form of forms) {
      spellings.add(form)
      spellings.add(JSON.stringify(form).slice(1, -1))
    }
  }
  return [...spellings].sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
}

/**
 * A function replacing every cwd spelling with `{{cwd}}`. A match must end at a
 * path boundary, so a sibling such as `/tmp/dsh-abc2` is not mistaken for
 * `/tmp/dsh-abc`; a trailing `/` (`/tmp/dsh-abc/x` → `{{cwd}}/x`) is kept.
 */
export function createCwdReplacer(paths: readonly string[]): (text: string) => string {
  if (paths.length === 0) return (text) => text
  const spellings = cwdSpellings(paths)
  const pattern = new RegExp(`(?:${spellings.map(escapeRegExp).join('|')})(?![A-Za-z0-9_-])`, 'g')
  // Longest first: the last is the shortest. A shorter text (most deltas of a stream) holds none.
  const shortest = spellings[spellings.length - 1].length
  return (text) => (text.length < shortest ? text : text.replace(pattern, CWD_TOKEN))
}
