// A working directory shows up in model output, tool results and transcripts in several
// spellings: as given, without its trailing slash, JSON-escaped inside JSON text (tool-call
// arguments), percent-encoded inside a `file://` URL, with forward slashes for a Windows path.
// One home for them and for the `{{cwd}}` token: the host's normalizer writes the run's cwd as
// the token, llm-replay maps a log's recorded cwd onto the live one, and the token in scenario
// files (seeds, environment, revived logs, conformance cases) expands to a run's cwd. Pure.
import { pathToFileURL } from 'node:url'

/** What a normalized fixture writes instead of the run's temp cwd. */
export const CWD_TOKEN = '{{cwd}}'

/** What it writes instead of a session's n-th additional directory (1-based) outside the cwd. */
export const rootToken = (n: number) => `{{root:${n}}}`

/** The spellings of one cwd. */
interface CwdForms {
  /** The path without trailing separators. */
  plain: string
  /** As it appears inside a JSON string (tool-call arguments). */
  json: string
  /** As it appears in a `file://` URL's path (percent-encoded). */
  url: string
  /** With forward slashes (a Windows path as many tools print it); the plain path on POSIX. */
  slashed: string
}

/** "/tmp/x/" and "/tmp/x" are one cwd; a root stays a root. */
export function trimCwd(path: string): string {
  return path.replace(/[\\/]+$/, '') || path.slice(0, 1)
}

export function cwdForms(path: string): CwdForms {
  const plain = trimCwd(path)
  // A log recorded on Windows names `C:\work`, whose URL path is `/C:/work`.
  const url = pathToFileURL(plain, { windows: isDrivePath(plain) }).pathname
  return { plain, json: jsonEscaped(plain), url, slashed: plain.replaceAll('\\', '/') }
}

function isDrivePath(path: string): boolean {
  return /^[A-Za-z]:([\\/]|$)/.test(path)
}

/** Text as it appears inside a JSON string literal. */
export function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1)
}

/** Every spelling of the given paths, deduplicated, longest first (so a longer one is replaced whole). */
export function spellingsOf(paths: readonly string[]): string[] {
  const all = new Set<string>()
  for (const path of paths) {
    const forms = cwdForms(path)
    all.add(forms.plain).add(forms.json).add(forms.url).add(forms.slashed).add(jsonEscaped(forms.slashed))
  }
  return byLengthDescending([...all])
}

function byLengthDescending(texts: string[]): string[] {
  return texts.sort((a, b) => b.length - a.length || a.localeCompare(b))
}

/**
 * A global pattern matching any of `spellings`. With `pathBoundaries`, a match may neither
 * continue a longer name (`/tmp/rec` in `/tmp/rec2`, the same rule as the host's normalizer)
 * nor end one (`/tmp/rec` in `/var/tmp/rec`).
 */
export function spellingPattern(spellings: readonly string[], pathBoundaries: boolean): RegExp {
  const alternatives = byLengthDescending([...spellings])
    .map(escapeRegExp)
    .join('|')
  return new RegExp(pathBoundaries ? `(?<![A-Za-z0-9_])(?:${alternatives})(?![A-Za-z0-9_-])` : alternatives, 'g')
}

/** A function writing every spelling of `paths` as `{{cwd}}` (the neutral form the drift check compares). */
export function cwdCollapser(
  paths: readonly string[],
  token: string = CWD_TOKEN,
): ((text: string) => string) | undefined {
  const usable = paths.filter((path) => path && trimCwd(path) !== '/' && !path.includes(token))
  if (!usable.length) return undefined
  const spellings = spellingsOf(usable)
  const pattern = spellingPattern(spellings, true)
  // The pattern opens with a look-behind, so V8 tries it at every position: first ask includes()
  // whether a spelling is there at all (most strings hold none).
  return (text) => (spellings.some((spelling) => text.includes(spelling)) ? text.replace(pattern, token) : text)
}

/** Text as a literal inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** `text` with every `{{cwd}}` replaced by `cwd` (symlink targets, environment values, case params). */
export function expandCwd(text: string, cwd: string): string {
  return text.replaceAll(CWD_TOKEN, cwd)
}

/** The same inside JSON text: the path goes in JSON-escaped, so the text stays valid JSON. */
export function expandCwdInJson(json: string, cwd: string): string {
  return json.replaceAll(CWD_TOKEN, jsonEscaped(cwd))
}

/** Every string of a JSON value expanded; other values are returned as they are. */
export function expandCwdDeep<T>(value: T, cwd: string): T {
  if (typeof value === 'string') return expandCwd(value, cwd) as T
  if (Array.isArray(value)) return value.map((item) => expandCwdDeep(item, cwd)) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandCwdDeep(item, cwd)])) as T
  return value
}
