// Where two live runs of one scenario differ, and the `normalize:` rule that would cover it
// (docs/nondeterminism.md): the first differing line of their session logs (else transcripts), the
// first string in it that differs, and inside a JSON tool result the path to it. Pure.
import { describeRule, type NormalizeRule, normalizer } from '../../../lib/normalize/rules.ts'

interface LiveDifference {
  /** `session log 1 line 12` or `transcript line 7`. */
  where: string
  /** The differing span in the first run and in the second. */
  spans: [string, string]
  /** A rule that makes the two runs' lines agree (checked), as YAML to paste. */
  rule?: string
}

interface Surfaces {
  transcript: readonly string[]
  sessionLogs: readonly string[]
}

/** Where the runs first differ, and a proposed rule; undefined when they agree. */
export function liveDifference(first: Surfaces, second: Surfaces): LiveDifference | undefined {
  const logs = Math.max(first.sessionLogs.length, second.sessionLogs.length)
  for (let index = 0; index < logs; index++) {
    const found = lineDifference(first.sessionLogs[index] ?? '', second.sessionLogs[index] ?? '')
    if (found) return describe(`session log ${index + 1} line ${found.line}`, found.a, found.b)
  }
  const found = lineDifference(first.transcript.join('\n'), second.transcript.join('\n'))
  return found && describe(`transcript line ${found.line}`, found.a, found.b)
}

function lineDifference(a: string, b: string): { line: number; a: string; b: string } | undefined {
  const left = a.split('\n')
  const right = b.split('\n')
  for (let index = 0; index < Math.max(left.length, right.length); index++)
    if (left[index] !== right[index]) return { line: index + 1, a: left[index] ?? '', b: right[index] ?? '' }
  return undefined
}

function describe(where: string, a: string, b: string): LiveDifference {
  const leaf = differingLeaf(parse(a), parse(b))
  const spans = leaf ? differingSpan(leaf.a, leaf.b) : differingSpan(a, b)
  const rule = [leaf && pathRule(leaf.a, leaf.b), patternRule(spans)].find(
    (candidate): candidate is NormalizeRule => !!candidate && covers(candidate, a, b),
  )
  return { where, spans, ...(rule ? { rule: ruleYaml(rule) } : {}) }
}

/** The rule as a `normalize:` list entry, ready to paste into snapshot.yml or dsh.config.yml. */
function ruleYaml(rule: NormalizeRule): string {
  const fields = Object.entries(rule).map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
  return `normalize:\n  - { ${fields.join(', ')} }   # ${describeRule(rule)}`
}

function covers(rule: NormalizeRule, a: string, b: string): boolean {
  const normalize = normalizer([rule])!
  return normalize.line(a) === normalize.line(b)
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The first string that differs between two JSON values, with its JSON path; undefined if the shapes differ. */
function differingLeaf(a: unknown, b: unknown, path = '$'): { a: string; b: string; path: string } | undefined {
  if (typeof a === 'string' && typeof b === 'string') return a === b ? undefined : { a, b, path }
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return undefined
  for (const key of Object.keys(a)) {
    const found = differingLeaf(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`,
    )
    if (found) return found
  }
  return undefined
}

/** A tool result that is JSON in both runs: the path inside it, with a token named after its key. */
function pathRule(a: string, b: string): NormalizeRule | undefined {
  const inner = differingLeaf(parse(a), parse(b))
  if (!inner) return undefined
  const key = inner.path.match(/\.([A-Za-z_$][\w$-]*)$/)?.[1] ?? 'value'
  return { path: inner.path.replace(/\[\d+\]/g, '[*]'), token: `{{${key}}}` }
}

/** The part of two strings between their common prefix and suffix. */
function differingSpan(a: string, b: string): [string, string] {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  // Whole words: a timestamp differing in its seconds is the timestamp, not one digit.
  while (start > 0 && /[\w:.-]/.test(a.charAt(start - 1))) start--
  while (end > 0 && /[\w:.-]/.test(a.charAt(a.length - end))) end--
  return [a.slice(start, a.length - end), b.slice(start, b.length - end)]
}

/**
 * A pattern of the spans: runs the two runs share stay literal, the runs that differ become their
 * character class (digits `\d+`, letters `[A-Za-z]+`, both `[A-Za-z0-9]+`), so the rule is no wider
 * than the difference.
 */
function patternRule([a, b]: [string, string]): NormalizeRule | undefined {
  if (!a) return undefined
  const runsOf = (text: string) => text.match(/[A-Za-z0-9]+|[^A-Za-z0-9]/g) ?? []
  const left = runsOf(a)
  const right = runsOf(b)
  const pattern = left
    .map((run, index) => {
      const other = right.length === left.length ? right[index] : undefined
      if (run === other || /^[^A-Za-z0-9]$/.test(run)) return run.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
      const both = run + (other ?? '')
      if (/^\d+$/.test(both)) return '\\d+'
      if (/^[A-Za-z]+$/.test(both)) return '[A-Za-z]+'
      return '[A-Za-z0-9]+'
    })
    .join('')
  return { pattern, token: '{{value}}' }
}
