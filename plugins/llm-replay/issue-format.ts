// Render zod issues as `file: $.json.path: what is wrong`, quoting the offending value,
// so a fixture author can jump straight to the bad spot.
import type { z } from 'zod'
import { plural } from '../../lib/plural.ts'

function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '$'
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`
    else out += `[${JSON.stringify(String(key))}]`
  }
  return out
}

/** One line per issue, at most `limit` of them (the first errors are the useful ones). */
export function formatIssues(file: string, input: unknown, issues: readonly z.core.$ZodIssue[], limit = 8): string {
  const lines = issues.slice(0, limit).map((issue) => `${file}: ${formatIssue(input, issue)}`)
  if (issues.length > limit) lines.push(`… and ${plural(issues.length - limit, 'more problem')} in ${file}`)
  return lines.join('\n')
}

export function formatIssue(input: unknown, issue: z.core.$ZodIssue): string {
  const path = jsonPath(issue.path)
  const value = valueAt(input, issue.path)
  switch (issue.code) {
    case 'unrecognized_keys':
      return (
        `${path}: unknown key${issue.keys.length > 1 ? 's' : ''} ` +
        `${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`
      )
    case 'invalid_union': {
      const discriminator = (issue as { discriminator?: string }).discriminator
      const options = (issue as { options?: unknown[] }).options
      if (discriminator) {
        const what =
          discriminator === 'type' ? 'chunk type' : discriminator === 'kind' ? 'entry kind' : `"${discriminator}"`
        const expected = options?.length ? `; expected one of: ${options.join(', ')}` : ''
        if (value === undefined) return `${path}: missing ${what}${expected}`
        return `${path}: unknown ${what} ${JSON.stringify(value)}${expected}`
      }
      return `${path}: ${issue.message}`
    }
    case 'invalid_type':
      return `${path}: expected ${issue.expected}, found ${describe(value)}`
    case 'invalid_value':
      return (
        `${path}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, found ` +
        `${describe(value)}`
      )
    case 'too_small':
      if (issue.origin === 'string') return `${path}: must not be empty`
      if (issue.origin === 'number')
        return (
          `${path}: must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${issue.minimum}, found ` +
          `${describe(value)}`
        )
      return `${path}: ${issue.message}`
    default:
      return `${path}: ${issue.message}${value === undefined ? '' : ` (found ${describe(value)})`}`
  }
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value: unknown = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing (the key is missing)'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
  return `${typeof value} ${String(value)}`
}
