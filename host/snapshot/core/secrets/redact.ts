// `redact:` entries: a rule (by id) or a pattern, and the token that replaces every match. The
// same replacement runs over the recorded log, the goldens and the history replay compares, so a
// redacted recording still replays.
import { nearMisses } from '../../../../lib/did-you-mean.ts'
import { type LocalIdentity, localRules, RULE_IDS, SECRET_RULES, type SecretRule } from './rules.ts'
import { ruleMatches } from './scan.ts'

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

export function applyRedactions(text: string, redactions: readonly Redaction[], identity: LocalIdentity): string {
  let out = text
  const rules = rulesFor(identity)
  for (const redaction of redactions) {
    if ('pattern' in redaction) {
      out = out.replace(new RegExp(redaction.pattern, 'g'), redaction.token)
      continue
    }
    const rule = rules.find((r) => r.id === redaction.rule)
    if (!rule) continue // home-dir / host-name on a machine where they do not apply
    out = replaceSpans(out, ruleMatches(rule, out), redaction.token)
  }
  return out
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
