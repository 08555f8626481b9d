import path from 'node:path'
import { isGroup, type CompositionEntry } from './entries.ts'
import type { Patch } from './overlay.ts'

/** `./x`, `../x`, `.` and `..` are relative to the file that wrote them. */
export function isRelativeName(name: string): boolean {
  return name === '.' || name === '..' || name.startsWith('./') || name.startsWith('../')
}

/**
 * Re-express a relative module name written in `fromDir` so that it means the same file when read
 * from `toDir` (the composition file's folder). Other names pass through unchanged.
 */
function rebaseName(name: string, fromDir: string, toDir: string): string {
  if (!isRelativeName(name) || path.resolve(fromDir) === path.resolve(toDir)) return name
  const relative = path.relative(toDir, path.resolve(fromDir, name)).split(path.sep).join('/')
  if (relative === '') return '.'
  return relative.startsWith('../') || relative === '..' ? relative : `./${relative}`
}

function rebaseEntries(entries: readonly CompositionEntry[], fromDir: string, toDir: string): CompositionEntry[] {
  return entries.map((entry) => {
    const name = rebaseName(entry.name, fromDir, toDir)
    return isGroup(entry) ? { ...entry, name, config: rebaseEntries(entry.config, fromDir, toDir) } : { ...entry, name }
  })
}

/**
 * An overlay's `./` names resolve against the overlay's own folder; rewrite them relative to the
 * composition file so that the merged entry list has one base folder.
 */
export function rebasePatches(patches: readonly Patch[], fromDir: string, toDir: string): Patch[] {
  return patches.map((patch) => {
    if ('insert' in patch) return { ...patch, insert: rebaseEntries(patch.insert, fromDir, toDir) }
    if ('config' in patch && patch.name !== undefined) return { ...patch, name: rebaseName(patch.name, fromDir, toDir) }
    return patch
  })
}
