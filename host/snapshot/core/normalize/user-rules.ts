// The `normalize:` rules of a scenario and its project (lib/normalize/rules.ts) over a normalized run:
// each transcript line and session-log line, so the goldens and logs written, and the ones compared,
// hold the tokens. Which rules changed how many places is kept for the report: a rule is never
// silent (docs/nondeterminism.md). Pure.
import { describeRule, type NormalizeRule, normalizer } from '../../../../lib/normalize/rules.ts'
import { plural } from '../../../../lib/plural.ts'
import type { NormalizedRun } from './run.ts'
import type { AppliedRule } from '../../model/applied-rule.ts'

/** The run with the rules applied, and what each did; the same run when there are none. */
export function applyNormalizeRules(
  run: NormalizedRun,
  rules: readonly NormalizeRule[],
): { run: NormalizedRun; applied: AppliedRule[] } {
  const normalize = normalizer(rules)
  if (!normalize) return { run, applied: [] }
  const lines = (text: string) => text.split('\n').map(normalize.line).join('\n')
  const normalized = {
    ...run,
    transcript: run.transcript.map(normalize.line),
    sessionLogs: run.sessionLogs.map(lines),
  }
  const counts = normalize.counts()
  const applied = rules.map((rule, index) => {
    const count = counts[index]
    if (count === undefined) throw new Error(`normalize rule ${index + 1}: the normalizer kept no count for it`)
    return { rule: describeRule(rule), count }
  })
  return { run: normalized, applied }
}

/** The report's line: `normalized: path $.now → {{time}} (2 places); …`. */
export function describeApplied(applied: readonly AppliedRule[]): string {
  const parts = applied.map(({ rule, count }) => `${rule} (${plural(count, 'place')})`)
  return `normalized: ${parts.join('; ')}`
}
