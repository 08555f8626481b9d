// Which scenarios a command line names: exact names, globs (`bash-*`, `read-?ile`), and a CI
// shard (`2/3`), resolved against the folders under scenarios/. Pure apart from listScenarioNames.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { nearMisses } from '../../../lib/did-you-mean.ts'
import { plural } from '../../../lib/plural.ts'
import { UsageError } from '../../../lib/usage-error.ts'

/** A name the command line got wrong: the CLI says so and exits 2. */
export class ScenarioSelectionError extends UsageError {
  override name = 'ScenarioSelectionError'
}

/** Folders under `<root>/scenarios` that hold a snapshot.yml, sorted. */
export function listScenarioNames(root: string): string[] {
  const dir = join(root, 'scenarios')
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'snapshot.yml')))
    .map((entry) => entry.name)
    .sort()
}

/** Whether a pattern is a glob rather than a name. */
export const GLOB = /[*?[]/

/** `*` any run of characters, `?` one, `[a-z]` a class; everything else literal. */
export function globToRegExp(pattern: string): RegExp {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern.charAt(i)
    if (char === '*') source += '.*'
    else if (char === '?') source += '.'
    else if (char === '[') {
      const end = pattern.indexOf(']', i + 1)
      if (end < 0) throw new ScenarioSelectionError(`pattern ${pattern}: "[" without a closing "]"`)
      source += `[${pattern
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/[\\\]]/g, '\\$&')}]`
      i = end
    } else source += char.replace(/[.+^${}()|\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

/** The scenarios the patterns name, in name order; an unknown name or an empty glob is an error. */
export function selectScenarioNames(patterns: readonly string[], known: readonly string[]): string[] {
  if (!patterns.length) return [...known]
  const chosen = new Set<string>()
  for (const pattern of patterns) {
    if (GLOB.test(pattern)) {
      const regexp = globToRegExp(pattern)
      const matches = known.filter((name) => regexp.test(name))
      if (!matches.length) throw new ScenarioSelectionError(`pattern ${pattern} matches no scenario`)
      for (const name of matches) chosen.add(name)
    } else if (known.includes(pattern)) chosen.add(pattern)
    else {
      const close = nearMisses(pattern, known)
      const hint = close.length
        ? `; did you mean ${close.join(' or ')}?`
        : `; ${plural(known.length, 'scenario')} ${known.length === 1 ? 'exists' : 'exist'} ` +
          `(ls scenarios/, or a glob such as '${pattern.split('-')[0]}-*')`
      throw new ScenarioSelectionError(`no scenario named ${pattern}${hint}`)
    }
  }
  return known.filter((name) => chosen.has(name))
}

export interface Shard {
  index: number
  count: number
}

/** `i/n` with 1 ≤ i ≤ n. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text)
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (!match || count < 1 || index < 1 || index > count)
    throw new ScenarioSelectionError(`--shard ${text}: use i/n with 1 ≤ i ≤ n, e.g. --shard 2/3`)
  return { index, count }
}

/**
 * Shard i of n: a contiguous run of the names in sorted order, sizes differing by at most one. It
 * depends only on the names and n, so every CI machine computes the same partition.
 */
export function shardOf(names: readonly string[], shard: Shard): string[] {
  const sorted = [...names].sort()
  const start = Math.floor(((shard.index - 1) * sorted.length) / shard.count)
  const end = Math.floor((shard.index * sorted.length) / shard.count)
  return sorted.slice(start, end)
}
