// The cwd a client names in session/new and session/load must be a folder that exists, and
// session/load must name the session's own cwd (docs/session-cwd.md). Errors are -32602 naming the cwd.
import { existsSync, realpathSync, statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { RequestError } from '@agentclientprotocol/sdk'
import type { Context } from 'cordis'
import { parseSessionHeaderLine } from '../session/log-format.ts'
import { readFirstLine } from '../session/read-first-line.ts'

/** Throws -32602 unless `cwd` is the absolute path of an existing directory. */
export function requireExistingFolder(method: string, cwd: string): void {
  // A NUL is no path at all: stat would throw (an internal error) instead of answering.
  const nul = cwd.includes('\0')
  const stats = isAbsolute(cwd) && !nul ? statSync(cwd, { throwIfNoEntry: false }) : undefined
  const problem = nul
    ? 'contains a NUL character'
    : !isAbsolute(cwd)
      ? 'is not an absolute path'
      : !stats
        ? 'does not exist'
        : stats.isDirectory()
          ? undefined
          : 'is not a directory'
  if (!problem) return
  throw RequestError.invalidParams(
    { field: 'cwd', received: cwd },
    `${method}: "cwd" ${JSON.stringify(cwd)} ${problem}; send the absolute path of the project folder`,
  )
}

/**
 * session/load: the session keeps the cwd it was created with (its tools and history refer to
 * it), so a different one is refused rather than silently ignored. Unknown sessions pass here:
 * loading them fails with its own error.
 */
export function requireRecordedCwd(ctx: Pick<Context, 'agent' | 'sessions'>, sessionId: string, cwd: string): void {
  const recorded = recordedCwd(ctx, sessionId)
  if (recorded === undefined || sameFolder(recorded, cwd)) return
  throw RequestError.invalidParams(
    { field: 'cwd', received: cwd, sessionCwd: recorded },
    `session/load: session "${sessionId}" was created in ${JSON.stringify(recorded)}, not ${JSON.stringify(cwd)}; ` +
      'load it with its own cwd, or start a new session (session/new) in the new folder',
  )
}

function recordedCwd(ctx: Pick<Context, 'agent' | 'sessions'>, sessionId: string): string | undefined {
  const live = ctx.agent.cwdOf(sessionId)
  if (live !== undefined) return live
  if (!ctx.sessions.has(sessionId)) return undefined
  const path = ctx.sessions.path(sessionId)
  try {
    return parseSessionHeaderLine(readFirstLine(path), path).cwd
  } catch {
    // An unreadable header: loading the session reports it with file and line.
    return undefined
  }
}

function sameFolder(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true
  return existsSync(a) && existsSync(b) && realpathSync(a) === realpathSync(b)
}
