// ACP `additionalDirectories` on session/new, session/load and session/resume (issue 38 item 3):
// each must be the absolute path of an existing folder, and none may be (or lie inside) what the
// file tools keep hidden — the sessions root, the key folder — nor be a filesystem root. Errors are
// -32602 naming `additionalDirectories[i]` and what was sent; nothing is created or written.
import { realpathSync, statSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import { RequestError } from '@agentclientprotocol/sdk'
import { isHidden, realHidden } from '../tools/confine.ts'

/**
 * The list a request names (absent: none), checked; duplicates and the cwd itself are dropped.
 * `hidden` is asked only when there is a directory to check (most requests name none).
 */
export function parseAdditionalDirectories(
  method: string,
  value: unknown,
  cwd: string,
  hidden: () => readonly string[],
): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value))
    throw refusal(method, 'additionalDirectories', value, 'must be an array of absolute folder paths')
  if (value.length === 0) return []
  const hiddenReal = realHidden(hidden())
  const seen = new Set([resolve(cwd)])
  const directories: string[] = []
  value.forEach((entry, index) => {
    const field = `additionalDirectories[${index}]`
    const problem = directoryProblem(entry, hiddenReal)
    if (problem) throw refusal(method, field, entry, problem)
    const path = resolve(entry as string)
    if (seen.has(path)) return
    seen.add(path)
    directories.push(entry as string)
  })
  return directories
}

/** What is wrong with one entry, or undefined when it names a folder the tools may reach. */
function directoryProblem(entry: unknown, hiddenReal: readonly string[]): string | undefined {
  if (typeof entry !== 'string') return 'is not a string; send the absolute path of a folder'
  if (entry.includes('\0')) return 'contains a NUL character'
  if (!isAbsolute(entry)) return 'is not an absolute path; additional directories are never relative to the cwd'
  if (dirname(resolve(entry)) === resolve(entry))
    return 'is a filesystem root, which would give the file tools the whole disk; name a project folder'
  const stats = statSync(entry, { throwIfNoEntry: false })
  if (!stats) return 'does not exist'
  if (!stats.isDirectory()) return 'is not a directory (a file); send the folder that holds it'
  const real = realpathSync.native(entry)
  if (isHidden(resolve(entry), hiddenReal) || isHidden(real, hiddenReal))
    return "is dsh's sessions root or key folder, or inside one: the file tools never reach those"
  return undefined
}

function refusal(method: string, field: string, received: unknown, problem: string): RequestError {
  return RequestError.invalidParams(
    { field, received: received ?? null },
    `${method}: "${field}" ${JSON.stringify(received) ?? 'undefined'} ${problem}`,
  )
}
