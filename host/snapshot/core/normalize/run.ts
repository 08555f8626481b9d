// Normalize every surface of one scenario run with one token table. Ids are
// registered in a fixed order first — session logs in file order (session.jsonl,
// session.1.jsonl, …), then the transcript — so each committed log numbers its
// own ids from the start and the transcript reuses those tokens.
import { createNormalizeContext, type NormalizeContext } from './context.ts'
import { inLaneOrder } from './lanes.ts'
import {
  collectSessionLogIds,
  extractHeaders,
  renderSessionLog,
  type RequestHeaderContent,
  type SessionLogObjects,
} from './session-log.ts'
import { collectTranscriptIds, renderTranscript, renumberJsonRpcIds, type JsonRpcId } from './transcript.ts'

/** One run's surfaces as objects (never changed here): what each host captured. */
interface RunSurfaces {
  /** What the agent sent the client, in order: JSON-RPC messages. */
  messages: readonly object[]
  /** Session logs in fixture order (session.jsonl first). */
  sessionLogs: readonly SessionLogObjects[]
  /** The temp cwd and its aliases (realpath). */
  cwdPaths: readonly string[]
  /** The scenario folder and its aliases: `{{scenario}}` (MCP servers a scenario ships run from it). */
  scenarioPaths?: readonly string[]
  /** Additional directories outside the cwd, each with its aliases: the n-th becomes `{{root:n}}`. */
  rootPaths?: ReadonlyArray<readonly string[]>
  clientRequestIds?: readonly JsonRpcId[]
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
  const context = createNormalizeContext(run.cwdPaths, run.scenarioPaths, run.rootPaths)
  // Register once, the logs' ids first, then the transcript's; then render both.
  // Lanes first: the agent's request ids are then numbered in the canonical order.
  const messages = renumberJsonRpcIds(inLaneOrder(run.messages), run.clientRequestIds)
  for (const log of run.sessionLogs) collectSessionLogIds(log, context)
  collectTranscriptIds(messages, context)
  // A subagent's requests offer the subset of tools its task call named: its parent's header class pins them.
  const isChild = (log: SessionLogObjects) => (log.header as { parentSession?: unknown }).parentSession !== undefined
  const headers = run.sessionLogs.map((log) =>
    run.extractHeaders === false || isChild(log) ? [] : extractHeaders(log.events, context),
  )
  return {
    sessionLogs: run.sessionLogs.map((log) => renderSessionLog(log, context)),
    transcript: renderTranscript(messages, context),
    headers,
    context,
  }
}
