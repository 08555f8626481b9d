// Where a rule matches a text: its pattern (or finder), the value's tests, the extension to the left,
// and the tokens a line break splits (split-tokens.ts). A rule whose literals the text does not hold
// is not run at all: most fixtures hold none of most vendors' prefixes, so a scan of a 10 MB log costs
// a few quick searches and the few patterns that can match.
import { escapeRegExp } from '../cwd-spellings.ts'
import type { RawMatch, SecretRule } from './rule.ts'
import { type JoinedWindow, splitTokens } from './split-tokens.ts'

interface Span {
  start: number
  end: number
}

/**
 * What one text holds for a set of rules, found once for all of them: which of their literals occur
 * (one pass of one expression, rebuilt without each literal once found) and its split tokens.
 */
export class MatchContext {
  private windows: JoinedWindow[] | undefined
  private present: Set<string> | undefined
  constructor(
    readonly text: string,
    private readonly rules: readonly SecretRule[],
  ) {}

  joinedWindows(): JoinedWindow[] {
    this.windows ??= splitTokens(this.text)
    return this.windows
  }

  /** Whether the rule can match here: it names no literals, or the text holds one of them. */
  mayMatch(rule: SecretRule): boolean {
    if (!rule.literals) return true
    this.present ??= literalsIn(
      this.text,
      this.rules.flatMap((r) => r.literals ?? []),
    )
    return rule.literals.some((literal) => this.present!.has(literal))
  }
}

function literalsIn(text: string, literals: readonly string[]): Set<string> {
  const found = new Set<string>()
  const ordered = orderedLiterals(literals)
  for (let from = 0; found.size < ordered.length; ) {
    const missing = ordered.filter(({ literal }) => !found.has(literal)).map(({ escaped }) => escaped)
    const pattern = alternation(missing.join('|'))
    pattern.lastIndex = from
    const match = pattern.exec(text)
    if (!match) break
    found.add(match[0])
    from = match.index
  }
  return found
}

interface Literal {
  literal: string
  escaped: string
}

/**
 * Longest first, so a literal that starts another (SK, SG.) does not hide it; each escaped once. A
 * scan asks with the same rules' literals for every text, so the order is kept for the list.
 */
function orderedLiterals(literals: readonly string[]): Literal[] {
  const key = literals.join('\u0000')
  let ordered = literalOrders.get(key)
  if (!ordered) {
    if (literalOrders.size >= 16) literalOrders.clear()
    ordered = [...new Set(literals)]
      .sort((a, b) => b.length - a.length)
      .map((literal) => ({ literal, escaped: escapeRegExp(literal) }))
    literalOrders.set(key, ordered)
  }
  return ordered
}

const literalOrders = new Map<string, Literal[]>()

/**
 * The alternation of `source`, compiled once: every text is searched with the same few expressions
 * (all the literals, then all but the ones found), and compiling the ~80 alternatives anew for each
 * was most of a small fixture's scan. Used synchronously only (it keeps its lastIndex between uses).
 */
function alternation(source: string): RegExp {
  let pattern = compiledAlternations.get(source)
  if (!pattern) {
    if (compiledAlternations.size >= 256) compiledAlternations.clear()
    pattern = new RegExp(source, 'g')
    compiledAlternations.set(source, pattern)
  }
  return pattern
}

const compiledAlternations = new Map<string, RegExp>()

/** Where each match of a rule starts and ends, after extension and the value's tests. */
export function ruleMatches(rule: SecretRule, text: string, context = new MatchContext(text, [rule])): Span[] {
  if (!context.mayMatch(rule)) return []
  const found = directMatches(rule, text)
  if (!rule.joinsLines) return found
  // A token a line break splits: matched again with the breaks taken out, kept where it spans one.
  for (const joined of joinedMatches(rule, context.joinedWindows())) {
    const same = found.findIndex((span) => span.start === joined.start)
    const span = found[same]
    if (span === undefined) found.push(joined)
    else if (span.end < joined.end) found[same] = joined
  }
  return found.sort((a, b) => a.start - b.start)
}

function directMatches(rule: SecretRule, text: string): Span[] {
  const found: Span[] = []
  for (const match of rawMatches(rule, text)) {
    if (rule.minEntropy !== undefined && entropy(match.value) < rule.minEntropy) continue
    if (rule.check && !rule.check(match.value)) continue
    let start = match.index
    if (rule.extendsLeftOver) {
      while (start > 0 && match.index - start < 64 && rule.extendsLeftOver.test(text.charAt(start - 1))) start--
    }
    found.push({ start, end: match.index + match.length })
  }
  return found
}

function rawMatches(rule: SecretRule, text: string): Iterable<RawMatch> {
  if (rule.find) return rule.find(text)
  const { source, flags } = rule.pattern!
  const pattern = new RegExp(source, flags.includes('g') ? flags : `${flags}g`)
  return [...text.matchAll(pattern)].map((match) => ({
    index: match.index,
    length: match[0].length,
    value: match[1] ?? match[0],
  }))
}

function joinedMatches(rule: SecretRule, windows: readonly JoinedWindow[]): Span[] {
  const found: Span[] = []
  for (const window of windows) {
    for (const match of directMatches(rule, window.text)) {
      // Only what spans a break: the rest the direct pass found.
      if (!window.cuts.some((cut) => match.start < cut && cut < match.end)) continue
      found.push({ start: window.origin(match.start), end: window.origin(match.end - 1) + 1 })
    }
  }
  return found
}

/** Bits per character: random keys score 4 and up, words and placeholders far less. */
function entropy(value: string): number {
  const counts = new Map<string, number>()
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1)
  let bits = 0
  for (const count of counts.values()) {
    const p = count / value.length
    bits -= p * Math.log2(p)
  }
  return bits
}
