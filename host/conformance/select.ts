// Which cases a run executes, and which of them must pass (pure).
import type { ConformanceCase, ConformanceSuite } from './suite.ts'
import { suggest } from '../../lib/did-you-mean.ts'
import { UsageError } from '../../lib/usage-error.ts'

export interface PlannedCase {
  case: ConformanceCase
  /** A failed required case fails the run; an optional one is only reported. */
  required: boolean
}

/** A bad --profile or --case value: the CLI shows it with usage (exit 2). */
class SelectionError extends UsageError {
  override name = 'SelectionError'
}

/**
 * The profile's cases in prefix order. With `caseIds`, exactly those cases (from the whole
 * suite): listed in the profile they keep its required/optional status, otherwise they are
 * required (they were asked for by name).
 */
export function selectCases(
  suite: ConformanceSuite,
  profileName: string,
  caseIds: readonly string[] = [],
): PlannedCase[] {
  const profile = suite.profiles.get(profileName)
  if (!profile)
    throw new SelectionError(
      `unknown profile ${JSON.stringify(profileName)}${suggest(profileName, [...suite.profiles.keys()])}`,
    )
  const ids = new Set(suite.cases.map((c) => c.id))
  for (const id of caseIds) {
    if (!ids.has(id)) throw new SelectionError(`--case ${JSON.stringify(id)}: no such case${suggest(id, [...ids])}`)
  }
  const optional = new Set(profile.optional)
  const inProfile = new Set([...profile.required, ...profile.optional])
  const wanted = caseIds.length ? new Set(caseIds) : inProfile
  return suite.cases.filter((c) => wanted.has(c.id)).map((c) => ({ case: c, required: !optional.has(c.id) }))
}
