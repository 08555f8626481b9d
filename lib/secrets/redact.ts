// `redact:` entries: a rule (by id) or a pattern, and the token that replaces every match. The
// same replacement runs over the recorded log, the goldens and the history replay compares, so a
// redacted recording still replays.
import { nearMisses } from '../did-you-mean.ts'
import { type LocalIdentity, localRules, RULE_IDS, SECRET_RULES, type SecretRule } from './rules.ts'
import { ruleMatches } from './match.ts'

export type Redaction = { rule: string; token: string } | { pattern: string; token: string }

/** Why a rule name is not one: unknown, with the nearest known names; undefined when it is. */
export function unknownRuleProblem(name: string): string | undefined {
  if (RULE_IDS.includes(name)) return undefined
  const near = nearMisses(name, RULE_IDS)
  const hint = near.length ? `did you mean ${near.map((n) => `"${n}"`).join(' or ')}? ` : ''
  return `"${name}" is not a secret-scan rule; ${hint}the rules are ${RULE_IDS.join(', ')}`
}

/** The rules a scan runs with on this machine: the fixed ones and the user's own identity. */
export function rulesFor(identity: LocalIdentity): SecretRule[] {
  return [...SECRET_RULES, ...localRules(identity)]
}

/**
 * The replacement as one function, its rules compiled once; undefined when there is nothing to
 * redact. The host runs it over the fixtures it writes, replay over the live history it compares.
 */
export function redactor(
  redactions: readonly Redaction[],
  identity: LocalIdentity,
): ((text: string) => string) | undefined {
  if (redactions.length === 0) return undefined
  const rules = rulesFor(identity)
  const steps = redactions.flatMap((redaction): Array<(text: string) => string> => {
    if ('pattern' in redaction) {
      const pattern = new RegExp(redaction.pattern, 'g')
      return [(text) => text.replace(pattern, () => redaction.token)]
    }
    const rule = rules.find((r) => r.id === redaction.rule)
    // home-dir / host-name on a machine where they do not apply
    return rule ? [(text) => replaceSpans(text, ruleMatches(rule, text), redaction.token)] : []
  })
  return (text) => steps.reduce((out, step) => step(out), text)
}

function replaceSpans(text: string, spans: Array<{ start: number; end: number }>, token: string): string {
  if (spans.length === 0) return text
  const parts: string[] = []
  let at = 0
  for (const { start, end } of spans) {
    parts.push(text.slice(at, start), token)
    at = end
  }
  parts.push(text.slice(at))
  return parts.join('')
}

/** A manifest's entries (exactly one of rule and pattern, checked when it was read) as redactions. */
export function toRedactions(entries: ReadonlyArray<{ rule?: string; pattern?: string; token: string }>): Redaction[] {
  return entries.map(({ rule, pattern, token }) =>
    pattern !== undefined ? { pattern, token } : { rule: rule!, token },
  )
}
