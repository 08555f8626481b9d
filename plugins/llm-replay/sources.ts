// Which fixture files to replay: from the plugin config, or (for the subprocess host and
// `dsh --patch cordis.snapshot.yml`) from DSH_SNAPSHOT_FILE / DSH_SNAPSHOT_OVERRIDE. Pure.
import { basename, dirname, resolve } from 'node:path'
import { NamedError } from '../../lib/named-error.ts'

/** A session log to replay; `text` when the caller already read it (then the file is not read again). */
interface SessionSource {
  file: string
  override?: string
  text?: string
}

interface ReplayConfigInput {
  scenario?: string
  sessions?: SessionSource[]
  override?: string
}

export interface FixtureSources {
  scenario: string
  /** Session logs in binding order: index 0 = the first session created. */
  sessions: SessionSource[]
  /** One override file whose parts may target any session (default session 0). */
  override?: string
}

export function resolveSources(
  config: ReplayConfigInput,
  env: Record<string, string | undefined>,
  cwd: string,
): FixtureSources {
  let sessions = config.sessions
  let override = config.override
  if (!sessions) {
    sessions = parseFileVariable(env.DSH_SNAPSHOT_FILE).map((file) => ({ file }))
    override ??= env.DSH_SNAPSHOT_OVERRIDE || undefined
    if (!sessions.length) {
      // Said in full by its message: the boot error shows no stack for it.
      throw new NamedError(
        'llm-replay has no session log to replay: set the plugin config "sessions" (e.g. [{ file: ' +
          '"scenarios/x/session.jsonl" }]) or DSH_SNAPSHOT_FILE; to run keyless without a recording, ' +
          'start dsh with --patch echo (the echo model; it turns llm-replay off)',
      )
    }
  }
  // An explicit empty list is a scenario that never calls the model: any call is then an extra session.
  const absolute = (file: string) => resolve(cwd, file)
  const resolved = sessions.map((entry) => {
    const source: SessionSource = { file: absolute(entry.file) }
    if (entry.override) source.override = absolute(entry.override)
    if (entry.text !== undefined) source.text = entry.text
    return source
  })
  return {
    scenario: config.scenario ?? (resolved[0] ? basename(dirname(resolved[0].file)) : 'replay'),
    sessions: resolved,
    override: override ? absolute(override) : undefined,
  }
}

/** DSH_SNAPSHOT_FILE holds one path, or a JSON array of paths (one per session, in order). */
function parseFileVariable(value: string | undefined): string[] {
  if (!value?.trim()) return []
  const text = value.trim()
  if (!text.startsWith('[')) return [text]
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new Error(
      `DSH_SNAPSHOT_FILE starts with "[" but is not a JSON array of paths (${(error as Error).message}); set one ` +
        `path or e.g. ["a/session.jsonl","a/session.1.jsonl"]`,
    )
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string' && item.length > 0)) {
    throw new Error('DSH_SNAPSHOT_FILE must be one path or a JSON array of non-empty path strings')
  }
  return parsed
}
