// Typed identity tokens. A value is an id only because of *where* it appears (a
// typed field such as `sessionId`), never because it looks like a UUID; each kind
// is numbered by first appearance. One table is shared by every surface of a run
// (transcript and all session logs), so `{{session:1}}` means the same session
// everywhere. Free text is touched only where it repeats an id already known.

import { escapeRegExp } from '../../../../lib/cwd-spellings.ts'

type TokenKind = 'session' | 'message' | 'approval'

/** Field names whose string value is an id of the given kind, wherever they appear. */
const TYPED_ID_FIELDS: Readonly<Record<string, TokenKind>> = {
  sessionId: 'session',
  messageId: 'message',
  approvalId: 'approval',
}

/**
 * Fields holding a wall-clock time (ACP session/list `updatedAt`): always `{{time}}`. Not
 * numbered like ids: whether two sessions share a clock tick is chance, so equality of
 * times is not something a golden may pin (the list order shows which is newer).
 */
const TIME_FIELDS: ReadonlySet<string> = new Set(['updatedAt'])
const TIME_TOKEN = '{{time}}'

/**
 * The record of the sandbox a call ran under (a bash `tool/result`, an `mcp/server` event): which
 * tier this machine has and its own paths. Always `{{sandbox}}`, so a golden reads the same on a
 * machine with a sandbox and one without (docs/sandbox.md, "Scenarios").
 */
const SANDBOX_FIELD = 'sandbox'
const SANDBOX_TOKEN = '{{sandbox}}'

/** Already-normalized values (`{{session:1}}`, `{{cwd}}`) are never re-tokenized, so normalizing twice is a no-op. */
const TOKEN_SHAPE = /^\{\{[a-z]+(:\d+)?\}\}$/

/**
 * Known ids shorter than this are not searched for inside free text: a short
 * value would match by accident. (Typed fields are tokenized at any length.)
 */
const MIN_FREE_TEXT_ID_LENGTH = 8

export class TokenTable {
  readonly #tokens = new Map<string, string>()
  readonly #counters = new Map<TokenKind, number>()
  /** undefined: stale; null: no id long enough to search for. */
  #freeTextPattern: RegExp | null | undefined
  /** The ids the pattern searches for, longest first: a text shorter than the last cannot hold one. */
  #freeTextIds: string[] = []

  /** The token for `value`, registering it as the next `kind` when first seen. */
  tokenFor(kind: TokenKind, value: string): string {
    // A registered value is never token-shaped: look it up first (most calls are lookups).
    const known = this.#tokens.get(value)
    if (known) return known
    if (TOKEN_SHAPE.test(value)) return value
    const next = (this.#counters.get(kind) ?? 0) + 1
    this.#counters.set(kind, next)
    const token = `{{${kind}:${next}}}`
    this.#tokens.set(value, token)
    this.#freeTextPattern = undefined
    return token
  }

  lookup(value: string): string | undefined {
    return this.#tokens.get(value)
  }

  /** Every registered value and its token, in registration order. */
  entries(): Array<[value: string, token: string]> {
    return [...this.#tokens]
  }

  /** Replace known ids inside arbitrary text (longest first, so overlapping ids cannot split). */
  replaceKnownIds(text: string): string {
    const pattern = this.#pattern()
    // Most strings of a long stream are token-sized deltas: skip the search when no id fits. A run
    // knows a handful of ids, and includes() finds one far faster than the alternation: most strings
    // hold none.
    const ids = this.#freeTextIds
    const last = ids.at(-1)
    if (!pattern || last === undefined || text.length < last.length) return text
    if (!ids.some((id) => text.includes(id))) return text
    return text.replace(pattern, (match) => this.#tokens.get(match) ?? match)
  }

  #pattern(): RegExp | null {
    if (this.#freeTextPattern === undefined) {
      const values = [...this.#tokens.keys()]
        .filter((v) => v.length >= MIN_FREE_TEXT_ID_LENGTH)
        .sort((a, b) => b.length - a.length)
      this.#freeTextIds = values
      this.#freeTextPattern = values.length ? new RegExp(values.map(escapeRegExp).join('|'), 'g') : null
    }
    return this.#freeTextPattern
  }
}

/** Register every typed-field value in `value`, in document order (keys in order, arrays in order). */
export function collectTypedIds(value: unknown, table: TokenTable): void {
  if (Array.isArray(value)) {
    for (const item of value) collectTypedIds(item, table)
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key]
      const kind = TYPED_ID_FIELDS[key]
      if (kind && typeof child === 'string') table.tokenFor(kind, child)
      else collectTypedIds(child, table)
    }
  }
}

/**
 * `value` with typed fields tokenized and every other string passed through `text` (cwd, then
 * known ids); keys keep their order. Copy on write: a part with nothing to replace is returned
 * as it is (most of a long log), a changed part is a new object; the given value never changes.
 */
export function tokenizeValue(value: unknown, table: TokenTable, text: (s: string) => string = (s) => s): unknown {
  if (typeof value === 'string') return table.replaceKnownIds(text(value))
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let index = 0; index < value.length; index++) {
      const next = tokenizeValue(value[index], table, text)
      if (!out && next !== value[index]) out = value.slice(0, index)
      if (out) out.push(next)
    }
    return out ?? value
  }
  let out: Record<string, unknown> | undefined
  const keys = Object.keys(value)
  for (const [index, key] of keys.entries()) {
    const child = (value as Record<string, unknown>)[key]
    const next = fieldToken(key, child, table) ?? tokenizeValue(child, table, text)
    if (!out && next !== child) {
      out = {}
      for (const earlier of keys.slice(0, index)) setKey(out, earlier, (value as Record<string, unknown>)[earlier])
    }
    if (out) setKey(out, key, next)
  }
  return out ?? value
}

/** defineProperty keeps a parsed `__proto__` key a plain key. */
function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

/** The token a field's string value becomes by the field's name (an id, a time); undefined for other fields. */
function fieldToken(key: string, child: unknown, table: TokenTable): string | undefined {
  if (key === SANDBOX_FIELD && child !== null && typeof child === 'object') return SANDBOX_TOKEN
  if (typeof child !== 'string') return undefined
  const kind = TYPED_ID_FIELDS[key]
  if (kind) return table.tokenFor(kind, child)
  return TIME_FIELDS.has(key) ? TIME_TOKEN : undefined
}
