// Normalize every surface of one scenario run with one token table. Ids are
// registered in a fixed order first — session logs in file order (session.jsonl,
// session.1.jsonl, …), then the transcript — so each committed log numbers its
// own ids from the start and the transcript reuses those tokens.
import { createNormalizeContext, type NormalizeContext } from './context.ts'
import {
  collectSessionLogIds,
  extractHeaders,
  renderSessionLog,
  parseSessionLog,
  type ParsedSessionLog,
  type RequestHeaderContent,
  type SessionLogObjects,
} from './session-log.ts'
import {
  collectTranscriptIds,
  parseTranscript,
  renderTranscript,
  renumberJsonRpcIds,
  type JsonRpcId,
} from './transcript.ts'

export interface RunSurfaces {
  /** Raw agent stdout. */
  stdout: string
  /** Session logs in creation order, as raw JSONL text or parsed objects. */
  sessionLogs: ReadonlyArray<string | SessionLogObjects>
  /** The temp cwd and its aliases (realpath). */
  cwdPaths: readonly string[]
  clientRequestIds?: readonly JsonRpcId[]
  /** Names used in errors, e.g. `scenarios/text-turn`; default `run`. */
  label?: string
  /**
   * false when the logs were restored from committed fixtures (session.source): their
   * request headers are already scrubbed and the run adds none, so there is nothing to extract.
   */
  extractHeaders?: boolean
}

export interface NormalizedRun {
  /** stdout.golden.jsonl lines. */
  transcript: string[]
  /** Fixture text per session log, same order as given. */
  sessionLogs: string[]
  /** Live request headers per session log (normalized cwd/ids), for the pin sidecars. */
  headers: RequestHeaderContent[][]
  context: NormalizeContext
}

export function normalizeRun(run: RunSurfaces): NormalizedRun {
  const context = createNormalizeContext(run.cwdPaths)
  const label = run.label ?? 'run'
  const logs: ParsedSessionLog[] = run.sessionLogs.map((log, index) =>
    typeof log === 'string'
      ? parseSessionLog(log, `${label} session log ${index}`, { chunkLines: true })
      : { header: log.header as Record<string, unknown>, events: log.events as Array<Record<string, unknown>> },
  )
  // Parse and register once: the logs' ids first, then the transcript's; then render both.
  const messages = renumberJsonRpcIds(
    parseTranscript(run.stdout, `${label} stdout`, { chunkLines: true }),
    run.clientRequestIds,
  )
  for (const log of logs) collectSessionLogIds(log, context)
  collectTranscriptIds(messages, context)
  // Headers first: rendering rewrites the objects it parsed.
  const headers = logs.map((log) => (run.extractHeaders === false ? [] : extractHeaders(log.events, context)))
  return {
    sessionLogs: logs.map((log) => renderSessionLog(log, context)),
    transcript: renderTranscript(messages, context),
    headers,
    context,
  }
}
