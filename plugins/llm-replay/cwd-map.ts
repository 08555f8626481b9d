// Where a log was recorded, and how its cwd maps onto the live session's. A normalized
// fixture (header cwd `{{cwd}}`, or `{{cwd}}/sub` for a session opened in a subfolder) spells
// the cwd as the token; a raw log (a user's own session) spells it as the absolute path it
// was recorded in. Either way served chunks get the live cwd and the drift check compares
// both histories with every cwd spelling collapsed to `{{cwd}}`. Pure: realpaths come in.
import {
  CWD_TOKEN,
  cwdCollapser,
  cwdForms,
  jsonEscaped,
  spellingPattern,
  spellingsOf,
  trimCwd,
} from '../../lib/cwd-spellings.ts'

export type RecordedCwd =
  /** A normalized fixture: `{{cwd}}` stands for the live cwd less `suffix` (`/sub` for `{{cwd}}/sub`). */
  | { kind: 'token'; suffix: string }
  /** A raw log: the header's absolute cwd, and its realpath when that could be resolved at load. */
  | { kind: 'path'; paths: string[] }

/** A log's cwd problem, found at plugin start; `code` names it for hosts and tests. */
export class RecordedCwdError extends Error {
  constructor(
    readonly code: 'REPLAY_LOG_CWD',
    message: string,
  ) {
    super(message)
    this.name = 'RecordedCwdError'
  }
}

/** Read a header's cwd; `realpath` resolves a raw log's cwd if it still exists (else undefined). */
export function parseRecordedCwd(
  cwd: string,
  file: string,
  realpath: (path: string) => string | undefined,
): RecordedCwd {
  if (cwd === CWD_TOKEN || cwd.startsWith(`${CWD_TOKEN}/`)) {
    return { kind: 'token', suffix: trimCwd(cwd).slice(CWD_TOKEN.length) }
  }
  const fix =
    'replay maps the recorded cwd onto the live one, so a log needs either "{{cwd}}" (a normalized fixture) or the ' +
    'absolute directory it was recorded in; fix the header or re-record'
  if (!isAbsolute(cwd))
    throw new RecordedCwdError(
      'REPLAY_LOG_CWD',
      `${file}:1: the header's cwd ${JSON.stringify(cwd)} is not absolute; ${fix}`,
    )
  const plain = trimCwd(cwd)
  if (plain === '/' || /^[A-Za-z]:$/.test(plain))
    throw new RecordedCwdError(
      'REPLAY_LOG_CWD',
      `${file}:1: the header's cwd ${JSON.stringify(cwd)} is a filesystem root: mapping it would rewrite every path; ` +
        `${fix}`,
    )
  const real = realpath(plain)
  return { kind: 'path', paths: real && real !== plain ? [plain, real] : [plain] }
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\')
}

/** The recorded spellings served chunks are searched for: same for every live session of a log. */
export function servedPattern(recorded: RecordedCwd): RegExp {
  if (recorded.kind === 'token') return spellingPattern([`file://${CWD_TOKEN}`, CWD_TOKEN], false)
  return spellingPattern(spellingsOf(recorded.paths), true)
}

/** Per kind of served text, what each recorded spelling becomes for one live session. */
export interface ServedCwd {
  pattern: RegExp
  /** Text and reasoning deltas: plain paths stay plain. */
  text: Map<string, string>
  /** Tool-call argument deltas are JSON text: the live path goes in JSON-escaped. */
  args: Map<string, string>
}

/**
 * How served chunks change for a live session whose cwd spellings are `liveCwds` (as created,
 * then realpath'd); undefined when nothing is to change (live cwd unknown).
 */
export function servedCwd(recorded: RecordedCwd, liveCwds: readonly string[]): ServedCwd | undefined {
  const live = liveBases(recorded, liveCwds)
  const [first] = live
  if (first === undefined) return undefined
  const text = new Map<string, string>()
  const args = new Map<string, string>()
  const add = (map: Map<string, string>, from: string, to: string) => {
    if (!map.has(from)) map.set(from, to)
  }
  if (recorded.kind === 'token') {
    const to = cwdForms(first)
    add(text, `file://${CWD_TOKEN}`, `file://${to.url}`)
    add(text, CWD_TOKEN, to.plain)
    add(args, `file://${CWD_TOKEN}`, `file://${to.url}`)
    add(args, CWD_TOKEN, to.json)
  } else {
    // The recorded path maps to the live path as created, its realpath to the live realpath.
    recorded.paths.forEach((path, index) => {
      const from = cwdForms(path)
      const to = cwdForms(live[index] ?? live.at(-1) ?? first)
      add(text, from.plain, to.plain)
      add(text, from.json, to.json)
      add(text, from.url, to.url)
      add(text, from.slashed, to.slashed)
      add(text, jsonEscaped(from.slashed), jsonEscaped(to.slashed))
      add(args, from.json, to.json)
      add(args, from.url, to.url)
      add(args, from.plain, jsonEscaped(to.plain))
      add(args, jsonEscaped(from.slashed), jsonEscaped(to.slashed))
      add(args, from.slashed, jsonEscaped(to.slashed))
    })
  }
  return { pattern: servedPattern(recorded), text, args }
}

/** The recorded side of the drift check: its cwd spellings → `{{cwd}}` (a fixture's are already). */
export function recordedCollapser(recorded: RecordedCwd): ((text: string) => string) | undefined {
  return recorded.kind === 'path' ? cwdCollapser(recorded.paths) : undefined
}

/** The live side of the drift check: the live cwd's spellings → `{{cwd}}`. */
export function liveCollapser(
  recorded: RecordedCwd,
  liveCwds: readonly string[],
): ((text: string) => string) | undefined {
  return cwdCollapser(liveBases(recorded, liveCwds))
}

/** The live directories `{{cwd}}` or the recorded path stand for (a fixture's subfolder suffix taken off). */
function liveBases(recorded: RecordedCwd, liveCwds: readonly string[]): string[] {
  const bases = liveCwds.filter(Boolean).map(trimCwd)
  if (recorded.kind === 'path' || !recorded.suffix) return bases
  return bases.map((cwd) => (cwd.endsWith(recorded.suffix) ? cwd.slice(0, -recorded.suffix.length) || '/' : cwd))
}
