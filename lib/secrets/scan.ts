// The secret scan: finds what the rules describe in a fixture's text, leaves out what `allow:`
// permits, and words the refusal. Pure: the caller reads and writes files. Matching is match.ts's.
import { MatchContext, ruleMatches } from './match.ts'
import type { SecretRule } from './rule.ts'
import { plural } from '../plural.ts'

export interface SecretHit {
  /** The fixture's path as the user knows it (relative to the scenario folder). */
  file: string
  line: number
  column: number
  rule: string
  what: string
  /** The match with all but its first four characters hidden. */
  masked: string
}

/** Lets one rule through, in one file (relative to the scenario folder) or, without `file`, everywhere. */
export interface SecretAllowance {
  rule: string
  file?: string
}

export function scanText(
  file: string,
  text: string,
  rules: readonly SecretRule[],
  allow: readonly SecretAllowance[] = [],
): SecretHit[] {
  const hits: SecretHit[] = []
  const context = new MatchContext(text, rules)
  for (const rule of rules) {
    if (allow.some((entry) => entry.rule === rule.id && (entry.file === undefined || entry.file === file))) continue
    for (const { start, end } of ruleMatches(rule, text, context)) {
      const { line, column } = position(text, start)
      hits.push({ file, line, column, rule: rule.id, what: rule.what, masked: mask(text.slice(start, end)) })
    }
  }
  return hits.sort((a, b) => a.line - b.line || a.column - b.column)
}

function mask(value: string): string {
  return value.length <= 4 ? '****' : `${value.slice(0, 4)}… (${plural(value.length, 'char')})`
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: offset - lineStart + 1 }
}
