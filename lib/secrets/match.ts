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
    this.present ??= literalsIn(this.text, searchOf(this.rules))
    return rule.literals.some((literal) => this.present!.has(literal))
  }
}

function literalsIn(text: string, search: LiteralSearch): Set<string> {
  const found = new Set<string>()
  const missing = new Set(search.ordered.map((_, index) => index))
  for (let from = 0; missing.size > 0; ) {
    const pattern = search.without(missing)
    pattern.lastIndex = from
    const match = pattern.exec(text)
    if (!match) break
    found.add(match[0])
    missing.delete(search.indexOf.get(match[0])!)
    from = match.index
  }
  return found
}

/**
 * The literals of one rule list, longest first (so a literal that starts another, SK and SG., does
 * not hide it), and their alternations: every text is searched with the same few expressions (all the
 * literals, then all but the ones found), each compiled once and found by which literals it leaves
 * out, not by its ~600-character source.
 */
class LiteralSearch {
  readonly indexOf: Map<string, number>
  private readonly patterns = new Map<string, RegExp>()
  constructor(readonly ordered: readonly string[]) {
    this.indexOf = new Map(ordered.map((literal, index) => [literal, index]))
  }

  /** The alternation of the `missing` literals (indexes into `ordered`). Used synchronously: it keeps its lastIndex. */
  without(missing: ReadonlySet<number>): RegExp {
    const key = missing.size === this.ordered.length ? '' : [...missing].sort((a, b) => a - b).join(',')
    let pattern = this.patterns.get(key)
    if (!pattern) {
      if (this.patterns.size >= 256) this.patterns.clear()
      const source = this.ordered.filter((_, index) => missing.has(index)).map(escapeRegExp)
      pattern = new RegExp(source.join('|'), 'g')
      this.patterns.set(key, pattern)
    }
    return pattern
  }
}

/**
 * A scan asks with the same rules' literals for every text: their search is kept per rule list (a
 * scan's texts share one) and per literal list (each scan's rule list is a new array).
 */
function searchOf(rules: readonly SecretRule[]): LiteralSearch {
  let search = searchesByRules.get(rules)
  if (!search) {
    search = literalSearch(rules.flatMap((rule) => rule.literals ?? []))
    searchesByRules.set(rules, search)
  }
  return search
}

const searchesByRules = new WeakMap<readonly SecretRule[], LiteralSearch>()

function literalSearch(literals: readonly string[]): LiteralSearch {
  const key = literals.join('\u0000')
  let search = literalSearches.get(key)
  if (!search) {
    if (literalSearches.size >= 16) literalSearches.clear()
    search = new LiteralSearch([...new Set(literals)].sort((a, b) => b.length - a.length))
    literalSearches.set(key, search)
  }
  return search
}

const literalSearches = new Map<string, LiteralSearch>()

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

function rawMatches(rule: SecretRule, text: string): RawMatch[] {
  if (rule.find) return rule.find(text)
  const pattern = globalPattern(rule.pattern!)
  const found: RawMatch[] = []
  pattern.lastIndex = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    found.push({ index: match.index, length: match[0].length, value: match[1] ?? match[0] })
    // An empty match would be found again at the same place.
    if (match[0] === '') pattern.lastIndex++
  }
  return found
}

/**
 * A rule's pattern with the global flag, made once per pattern (each text of each scan asked anew
 * before); a copy, so the rule's own lastIndex is never touched. Used synchronously only.
 */
function globalPattern(pattern: RegExp): RegExp {
  let global = globalPatterns.get(pattern)
  if (!global) {
    global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)
    globalPatterns.set(pattern, global)
  }
  return global
}

const globalPatterns = new WeakMap<RegExp, RegExp>()

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
