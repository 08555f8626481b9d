// Reading the tree's imports as text: the source files, the imports of each, and the cycles of the
// graph they make. Shared by the layout rules (imports.test.ts) and the export audit (exports.test.ts).
import { readdir } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'

export const root = resolve(import.meta.dirname, '..', '..')
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage'])

export interface Import {
  /** Repository-relative path for a relative specifier, else the bare specifier (`node:fs`, `cordis`). */
  target: string
  /** `import type` / `export type`: gone at run time. */
  typeOnly: boolean
  /** The names of `import { a, b } from`, as written. */
  names: string[]
}

export async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      if (entry.isDirectory())
        return SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(join(dir, entry.name))
      return entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []
    }),
  )
  return nested.flat()
}

// Static imports and re-exports start a line (the formatter puts them there) and end with `from '…'`
// on that line or on a `} from '…'` line; a dynamic import() is read anywhere.
const STATIC = /^(import|export)\b(\s+type\b)?((?:(?!\n(?:import|export)\b)[^'"])*?)\bfrom\s+['"]([^'"]+)['"]/gm
const SIDE_EFFECT = /^import\s+['"]([^'"]+)['"]/gm
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

/** Every import of a file's text; `file` is repository-relative. */
export function importsOf(file: string, text: string): Import[] {
  const target = (specifier: string) =>
    specifier.startsWith('.') ? relative(root, resolve(root, dirname(file), specifier)) : specifier
  const found: Import[] = []
  for (const [, , type, clause, specifier] of text.matchAll(STATIC)) {
    const names = /\{([^}]*)\}/.exec(clause!)?.[1]?.split(',') ?? []
    found.push({
      target: target(specifier!),
      typeOnly: !!type,
      names: names
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean),
    })
  }
  for (const [, specifier] of [...text.matchAll(SIDE_EFFECT), ...text.matchAll(DYNAMIC)])
    found.push({ target: target(specifier!), typeOnly: false, names: [] })
  return found
}

/** Each cycle of the graph (one per strongly connected part), as the files in import order, first repeated. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = []
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) visit(next)
      if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!))
    }
    if (low.get(file) !== index.get(file)) return
    const part = new Set<string>()
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      part.add(member)
    } while (member !== file)
    if (part.size > 1 || graph.get(file)?.includes(file)) cycles.push(cycleThrough(file, part, graph))
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles
}

/** The shortest way from `start` back to itself inside one strongly connected part. */
function cycleThrough(start: string, part: ReadonlySet<string>, graph: ReadonlyMap<string, readonly string[]>) {
  const cameFrom = new Map<string, string>()
  const queue = [start]
  for (const file of queue) {
    for (const next of graph.get(file) ?? []) {
      if (!part.has(next) || cameFrom.has(next)) continue
      cameFrom.set(next, file)
      if (next === start) queue.length = 0
      else queue.push(next)
    }
  }
  const between: string[] = []
  for (let file = cameFrom.get(start)!; file !== start; file = cameFrom.get(file)!) between.unshift(file)
  return [start, ...between, start]
}
