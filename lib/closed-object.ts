// Shared field rules for scenario files: names, portable relative values and
// closed objects. Each rule carries its own message so errors say what to do.
import { z } from 'zod'
import { nearMisses } from './did-you-mean.ts'

/** Scenario, overlay and header-class names: lowercase words joined by single hyphens. */
export const KEBAB_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/

/**
 * Why a value is not a portable, repository-relative string, or undefined when it is.
 * Scenarios must run the same on every machine, so no absolute paths, no escaping
 * the repository with `..`, and no platform-specific separators.
 */
function portabilityProblem(value: string): string | undefined {
  if (value.includes('\\'))
    return `${JSON.stringify(value)} contains a backslash; use "/" (scenario files must work on every platform)`
  if (/^(\/|~|[A-Za-z]:)/.test(value))
    return (
      `${JSON.stringify(value)} is an absolute path; scenario files only use names and relative values (use ` +
      `{{cwd}} for the temp cwd)`
    )
  if (value.split('/').includes('..'))
    return `${JSON.stringify(value)} contains a ".." segment; scenario files may not point outside their folder`
  return undefined
}

function nameProblem(value: unknown, what: string): string {
  if (typeof value !== 'string') return `expected a ${what} name (string)`
  return (
    portabilityProblem(value) ??
    `${JSON.stringify(value)} is not a valid ${what} name; use kebab-case (a-z, 0-9, single hyphens), e.g. "text-turn"`
  )
}

/** A kebab-case name of a scenario, overlay or header class. */
export function kebabName(what: string) {
  return z.string().regex(KEBAB_NAME, { error: (issue) => nameProblem(issue.input, what) })
}

/** A string that must stay portable (see portabilityProblem). */
export const portableString = z.string().refine((value) => portabilityProblem(value) === undefined, {
  error: (issue) => portabilityProblem(String(issue.input)) ?? 'not a portable value',
})

/** A strict object whose unknown-field error lists the fields that are allowed. */
export function closedObject<Shape extends z.ZodRawShape>(shape: Shape) {
  const fields = Object.keys(shape)
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined
      // One unknown key that is a near miss: a typo, so name the field that was meant.
      const [key, ...more] = issue.keys
      const [close] = key !== undefined && !more.length ? nearMisses(key, fields) : []
      return close
        ? `unknown field; did you mean ${JSON.stringify(close)}?`
        : `unknown field; the fields allowed here are: ${fields.join(', ')}`
    },
  })
}
