// A policy checked against the file system just before a launch: the real path of every folder
// and denied path, what exists, and where one of dsh's own files is missing inside a writable
// folder (so a command cannot create it: a planted key file, a forged session log).
import { realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { relativeInside } from '../path-inside.ts'
import type { ResolvedPolicy } from './bwrap-args.ts'
import type { SandboxPolicy } from './policy.ts'
import type { SeatbeltPolicy } from './seatbelt-profile.ts'

export function resolveForBwrap(policy: SandboxPolicy): ResolvedPolicy {
  const writable: ResolvedPolicy['writable'] = []
  for (const given of policy.writable) {
    const real = realPath(given)
    if (real && isDirectory(real)) writable.push({ real, given })
  }
  const found: ResolvedPolicy['masks'] = []
  for (const denied of policy.denyRead) {
    const real = realPath(denied)
    if (real && !found.some((mask) => mask.path === real))
      found.push({ path: real, kind: isDirectory(real) ? 'dir' : 'file' })
  }
  // A path inside a masked folder is hidden with it (and could not be mounted on in its read-only tmpfs).
  const masks = found.filter(
    (mask) => !found.some((outer) => outer !== mask && outer.kind === 'dir' && relativeInside(outer.path, mask.path)),
  )
  const readOnly: string[] = []
  for (const own of policy.protect) {
    if (realPath(own)) continue // it exists: masked above
    const ancestor = nearestExisting(own)
    if (!ancestor || readOnly.includes(ancestor)) continue
    if (writable.some((folder) => relativeInside(folder.real, ancestor) !== undefined)) readOnly.push(ancestor)
  }
  const shown = shownFolders(policy.named ?? [], writable)
  return { ...(shown.length ? { shown } : {}), writable, masks, readOnly, network: policy.network }
}

/**
 * The folders of named files that the private /tmp would hide and no writable folder shows: the whole
 * folder under /tmp a file lies in (a project checked out there), so a script finds the packages it
 * imports from that project's node_modules too.
 */
function shownFolders(named: readonly string[], writable: ResolvedPolicy['writable']): string[] {
  const folders: string[] = []
  for (const file of named) {
    const real = path.isAbsolute(file) ? realPath(file) : undefined
    if (!real) continue
    const below = relativeInside('/tmp', isDirectory(real) ? real : path.dirname(real))
    if (below === undefined) continue
    const folder = path.join('/tmp', below.split(path.sep)[0] ?? '')
    const bound = writable.some((root) => relativeInside(root.real, folder) !== undefined)
    if (!bound && !folders.includes(folder)) folders.push(folder)
  }
  return folders
}

/** Seatbelt's view: real paths, a missing one spelled through its nearest existing ancestor's real path. */
export function resolveForSeatbelt(policy: SandboxPolicy, privateTemp: string): SeatbeltPolicy {
  const real = (value: string) => realPath(value) ?? plannedRealPath(value)
  return {
    writable: [...policy.writable.map(real), real(privateTemp)],
    denied: [...new Set(policy.denyRead.map(real))],
    network: policy.network,
  }
}

function realPath(value: string): string | undefined {
  try {
    return realpathSync(value)
  } catch {
    return undefined
  }
}

function isDirectory(value: string): boolean {
  try {
    return statSync(value).isDirectory()
  } catch {
    return false
  }
}

/** The real path of the deepest ancestor of `value` that exists. */
function nearestExisting(value: string): string | undefined {
  for (let at = path.dirname(value); ; at = path.dirname(at)) {
    const real = realPath(at)
    if (real) return real
    if (at === path.dirname(at)) return undefined
  }
}

function plannedRealPath(value: string): string {
  const ancestor = nearestExisting(value)
  if (!ancestor) return value
  let existing = path.dirname(value)
  while (!realPath(existing)) existing = path.dirname(existing)
  return path.join(ancestor, path.relative(existing, value))
}
