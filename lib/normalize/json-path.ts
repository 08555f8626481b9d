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
    const deep = rest.startsWith('..') ? rest.slice(2).match(NAME) : null
    const dotted = rest.startsWith('.') && !rest.startsWith('..') ? rest.slice(1).match(NAME) : null
    const bracket = rest.match(/^\[(?:(\d+)|\*|'([^']*)'|"([^"]*)")\]/)
    if (deep) steps.push({ deep: deep[0] })
    else if (rest.startsWith('.*')) steps.push({ any: true })
    else if (dotted) steps.push({ key: dotted[0] })
    else if (bracket?.[1] !== undefined) steps.push({ index: Number(bracket[1]) })
    else if (bracket?.[2] !== undefined || bracket?.[3] !== undefined) steps.push({ key: bracket[2] ?? bracket[3]! })
    else if (bracket) steps.push({ any: true })
    else throw new Error(`JSON path ${path}: cannot read "${rest}" at character ${at + 1}`)
    at += deep ? deep[0].length + 2 : rest.startsWith('.*') ? 2 : dotted ? dotted[0].length + 1 : bracket![0].length
  }
  return steps
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
