// A small JSON path: `$`, then `.name`, `['name']`, `[n]`, `[*]` / `.*` (every member) and
// `..name` (that key at any depth). Enough to name a field of a tool's result or arguments
// (`$.now`, `$.items[*].id`, `$..requestId`). Pure.

export type PathStep = { key: string } | { index: number } | { any: true } | { deep: string }

/** Why `path` is not a JSON path this module reads; undefined when it is. */
export function jsonPathProblem(path: string): string | undefined {
  try {
    parseJsonPath(path)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

const NAME = /^[A-Za-z_$][\w$-]*/

/** The steps of a JSON path; throws naming the position of the first thing it cannot read. */
export function parseJsonPath(path: string): PathStep[] {
  if (!path.startsWith('$')) throw new Error(`a JSON path starts with "$" (e.g. $.now), got "${path}"`)
  const steps: PathStep[] = []
  let at = 1
  while (at < path.length) {
    const rest = path.slice(at)
    const read = readStep(rest)
    if (!read) throw new Error(`JSON path ${path}: cannot read "${rest}" at character ${at + 1}`)
    steps.push(read.step)
    at += read.length
  }
  return steps
}

/** The step at the start of `rest` and how many characters it takes; undefined when there is none. */
function readStep(rest: string): { step: PathStep; length: number } | undefined {
  const deep = rest.startsWith('..') ? rest.slice(2).match(NAME) : null
  if (deep) return { step: { deep: deep[0] }, length: deep[0].length + 2 }
  if (rest.startsWith('.*')) return { step: { any: true }, length: 2 }
  const dotted = rest.startsWith('.') && !rest.startsWith('..') ? rest.slice(1).match(NAME) : null
  if (dotted) return { step: { key: dotted[0] }, length: dotted[0].length + 1 }
  const [whole, index, single, double] = rest.match(/^\[(?:(\d+)|\*|'([^']*)'|"([^"]*)")\]/) ?? []
  if (whole === undefined) return undefined
  const quoted = single ?? double
  const step: PathStep =
    index !== undefined ? { index: Number(index) } : quoted !== undefined ? { key: quoted } : { any: true }
  return { step, length: whole.length }
}

/**
 * `value` with every place `steps` reaches replaced by `replace(old)`: a copy where something was
 * replaced, the same value where nothing was.
 */
export function updateAtPath(value: unknown, steps: readonly PathStep[], replace: (old: unknown) => unknown): unknown {
  if (steps.length === 0) return replace(value)
  const [step, ...rest] = steps as [PathStep, ...PathStep[]]
  if (!value || typeof value !== 'object') return value
  if ('deep' in step) return updateDeep(value, step.deep, rest, replace)
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value)
  let changed = false
  const next = entries.map(([key, item]): [string | number, unknown] => {
    if (!matches(step, key)) return [key, item]
    const updated = updateAtPath(item, rest, replace)
    if (updated !== item) changed = true
    return [key, updated]
  })
  if (!changed) return value
  return Array.isArray(value) ? next.map(([, item]) => item) : Object.fromEntries(next)
}

function matches(step: PathStep, key: string | number): boolean {
  if ('any' in step) return true
  if ('index' in step) return key === step.index
  return 'key' in step && key === step.key
}

/** `..name`: that key where it stands in this value, then (in what it did not replace) at any depth below. */
function updateDeep(
  value: object,
  name: string,
  rest: readonly PathStep[],
  replace: (old: unknown) => unknown,
): unknown {
  const here = updateAtPath(value, [{ key: name }, ...rest], replace)
  const base = (here ?? value) as object
  const entries: Array<[string | number, unknown]> = Array.isArray(base)
    ? base.map((item, index) => [index, item])
    : Object.entries(base)
  let changed = here !== value
  const next = entries.map(([key, item]): [string | number, unknown] => {
    if (key === name && !Array.isArray(base)) return [key, item]
    const updated = item && typeof item === 'object' ? updateDeep(item, name, rest, replace) : item
    if (updated !== item) changed = true
    return [key, updated]
  })
  if (!changed) return value
  return Array.isArray(base) ? next.map(([, item]) => item) : Object.fromEntries(next)
}
