// Problems in a data file (a scenario's manifest or input, a conformance case or profile):
// where (JSON path, line) and what, collected so a runner shows all of a file's problems at
// once, plus the zod wording both hosts share. Shared by host/snapshot and host/conformance, and
// the one notation for zod issues elsewhere too (the composition's config errors, tool arguments).
import type { z } from 'zod'
import { nearMisses } from './did-you-mean.ts'

export interface FileIssue {
  /** JSON-path-like location inside the file, e.g. `header.pin` or `steps[3].session`; '' for the whole file. */
  path: string
  message: string
  /** 1-based line, when the problem is a syntax error with a known position. */
  line?: number
}

/**
 * One problem is one line (`file: line 2: message. See … for the format.`); several are the file
 * and their count, one line each, then the hint.
 */
export function formatFileIssues(file: string, issues: FileIssue[], hint: string): string {
  const [only, ...more] = issues
  if (only && !more.length) {
    const text = `${file}: ${issueText(only)}`
    return hint ? `${text}${/[.?!]$/.test(text) ? '' : '.'} ${hint}` : text
  }
  return [`${file}: ${issues.length} problems`, formatIssueLines(issues), hint].join('\n')
}

/** `  - <line N, path>: <message>`, one line per issue (also the composition's zod errors). */
export function formatIssueLines(issues: readonly FileIssue[]): string {
  return issues.map((issue) => `  - ${issueText(issue)}`).join('\n')
}

/** `line N, path: message`. */
function issueText(issue: FileIssue): string {
  const where = [issue.line !== undefined ? `line ${issue.line}` : '', issue.path].filter(Boolean).join(', ')
  return `${where ? `${where}: ` : ''}${issue.message}`
}

/** `['steps', 3, 'session']` → `steps[3].session`; keys that are not identifiers are quoted. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$-]*$/.test(key)) out += out ? `.${key}` : key
    else out += `[${JSON.stringify(String(key))}]`
  }
  return out
}

/**
 * `entries[0].at` → `$.entries[0].at`, '' → `$`: the JSON-path form of a `formatPath` path, for
 * files whose own messages name places that way (replay fixtures and overrides).
 */
export function jsonPath(path: string): string {
  if (!path) return '$'
  return path.startsWith('[') ? `$${path}` : `$.${path}`
}

/** A short, single-line rendering of a bad value for messages. */
function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a mapping'
  const text = JSON.stringify(value)
  const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text
  return `${typeof value} ${shown}`
}

/**
 * `schema.safeParse(data)` whose issues, when it fails, carry fileErrorMap's wording. The map goes
 * only to a second parse of data that failed: on every parse it cost about as much as the parse.
 * `options` are the first parse's (e.g. zod's `jitless`).
 */
export function safeParseWorded<T extends z.ZodType>(
  schema: T,
  data: unknown,
  options?: { jitless?: boolean },
): z.ZodSafeParseResult<z.output<T>> {
  const plain = schema.safeParse(data, options)
  return plain.success ? plain : schema.safeParse(data, { error: fileErrorMap })
}

/**
 * Per-parse zod error map: friendlier wording than zod's defaults. Returning
 * undefined keeps a message a schema set itself (e.g. name rules).
 */
function fileErrorMap(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `required field is missing (expected ${issue.expected})`
      return `expected ${issue.expected}, got ${describeValue(issue.input)}`
    case 'invalid_value':
      return (
        `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(' | ')}, got ` +
        `${describeValue(issue.input)}`
      )
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty'
      if (issue.origin === 'number')
        return (
          `must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${issue.minimum}, got ` +
          `${describeValue(issue.input)}`
        )
      return undefined
    case 'invalid_union': {
      const discriminator = (issue as { discriminator?: string }).discriminator
      const options = (issue as { options?: unknown[] }).options
      if (discriminator && options) {
        const given = (issue.input as Record<string, unknown> | undefined)?.[discriminator]
        const list = options.map((o) => JSON.stringify(o)).join(', ')
        if (given === undefined) return `missing "${discriminator}"; expected one of ${list}`
        const [close] = typeof given === 'string' ? nearMisses(given, options.map(String)) : []
        return close
          ? `unknown ${discriminator} ${JSON.stringify(given)}; did you mean ${JSON.stringify(close)}?`
          : `unknown ${discriminator} ${JSON.stringify(given)}; expected one of ${list}`
      }
      return undefined
    }
    default:
      return undefined
  }
}

/**
 * Flatten zod issues into file issues, one per unknown key and per bad record key. A misspelt
 * required field is one problem, not two: the "required field is missing" of the field an unknown
 * key nearly spells is dropped (the unknown key's message names it).
 */
export function zodIssuesToFileIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): FileIssue[] {
  const out: FileIssue[] = []
  const misspelt = misspeltRequiredFields(issues)
  for (const issue of issues) {
    if (misspelt.has(issue)) continue
    const path = [...prefix, ...issue.path]
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: formatPath([...path, key]), message: issue.message })
    } else if (issue.code === 'invalid_key') {
      for (const inner of zodIssuesToFileIssues(issue.issues, path)) out.push(inner)
    } else if (issue.code === 'invalid_element') {
      out.push(...zodIssuesToFileIssues(issue.issues, path))
    } else {
      out.push({ path: formatPath(path), message: issue.message })
    }
  }
  return out
}

/** Missing-field issues whose field an unknown sibling key nearly spells (`sesion` for `session`). */
function misspeltRequiredFields(issues: readonly z.core.$ZodIssue[]): Set<z.core.$ZodIssue> {
  const misspelt = new Set<z.core.$ZodIssue>()
  const missing = issues.filter((issue) => issue.code === 'invalid_type' && issue.input === undefined)
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue
    const where = formatPath(issue.path)
    for (const key of issue.keys) {
      for (const candidate of missing) {
        const field = candidate.path.at(-1)
        const sibling = formatPath(candidate.path.slice(0, -1)) === where
        if (sibling && typeof field === 'string' && nearMisses(key, [field]).length) misspelt.add(candidate)
      }
    }
  }
  return misspelt
}
