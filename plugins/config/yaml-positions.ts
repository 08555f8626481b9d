// Where each key of a parsed YAML mapping (and each item of a sequence) was written, so that a
// config value that fails validation later can be named by file:line:column like a YAML error.
// Built from js-yaml's node open/close events (docs/config-overlays.md, "Error positions").
import type { State } from 'js-yaml'

export interface SourcePosition {
  /** 1-based. */
  line: number
  /** 1-based. */
  column: number
}

/** Parsed mapping or sequence → where each of its keys (or items, by index) starts. */
export type PositionTable = WeakMap<object, Map<string, SourcePosition>>

interface Frame {
  start: SourcePosition
  children: { start: SourcePosition; value: unknown }[]
}

/** A js-yaml `listener` that fills `table` as the document is parsed. */
export function recordPositions(table: PositionTable): (event: 'open' | 'close', state: State) => void {
  const stack: Frame[] = []
  return (event, state) => {
    if (event === 'open') {
      stack.push({ start: { line: state.line + 1, column: state.position - state.lineStart + 1 }, children: [] })
      return
    }
    const frame = stack.pop()
    if (!frame) return
    const value: unknown = state.result
    stack.at(-1)?.children.push({ start: frame.start, value })
    // js-yaml wraps some nodes in a second node with the same result; the innermost one, with
    // one child per key and value (or per item), is the one that describes the collection.
    if (value && typeof value === 'object' && !table.has(value)) {
      const keys = Array.isArray(value) ? itemPositions(value, frame) : keyPositions(value, frame)
      if (keys) table.set(value, keys)
    }
  }
}

function itemPositions(items: unknown[], frame: Frame): Map<string, SourcePosition> | undefined {
  if (frame.children.length !== items.length) return undefined
  return new Map(frame.children.map((child, index) => [String(index), child.start]))
}

function keyPositions(mapping: object, frame: Frame): Map<string, SourcePosition> | undefined {
  const { children } = frame
  if (children.length === 0 || children.length % 2 !== 0) return undefined
  const keys = new Map<string, SourcePosition>()
  // Keys and values alternate: the keys are the even children.
  for (const [index, child] of children.entries()) {
    if (index % 2 !== 0) continue
    const key = child.value
    if (typeof key !== 'string' && typeof key !== 'number') return undefined
    if (!Object.hasOwn(mapping, String(key))) return undefined
    keys.set(String(key), child.start)
  }
  return keys
}

/** Where each item of a parsed list starts, by index (empty for anything else). */
export function listItemPositions(list: unknown, table: PositionTable): (SourcePosition | undefined)[] {
  if (!Array.isArray(list)) return []
  const items = table.get(list)
  return list.map((_, index) => items?.get(String(index)))
}
