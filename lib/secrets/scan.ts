// The secret scan: finds what the rules describe in a fixture's text, leaves out what `allow:`
// permits, and words the refusal. Pure: the caller reads and writes files. Every pattern is
// anchored on a literal, so a 10 MB fixture costs one pass per rule.
import type { SecretRule } from './rules.ts'
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

/** Where each match of a rule starts and ends, after extension and the entropy test. */
export function ruleMatches(rule: SecretRule, text: string): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = []
  const pattern = new RegExp(rule.pattern.source, rule.pattern.flags.includes('g') ? rule.pattern.flags : 'g')
  for (const match of text.matchAll(pattern)) {
    const value = match[1] ?? match[0]
    if (rule.minEntropy !== undefined && entropy(value) < rule.minEntropy) continue
    let start = match.index
    if (rule.extendsLeftOver) {
      while (start > 0 && match.index - start < 64 && rule.extendsLeftOver.test(text[start - 1]!)) start--
    }
    found.push({ start, end: match.index + match[0].length })
  }
  return found
}

export function scanText(
  file: string,
  text: string,
  rules: readonly SecretRule[],
  allow: readonly SecretAllowance[] = [],
): SecretHit[] {
  const hits: SecretHit[] = []
  for (const rule of rules) {
    if (allow.some((entry) => entry.rule === rule.id && (entry.file === undefined || entry.file === file))) continue
    for (const { start, end } of ruleMatches(rule, text)) {
      const { line, column } = position(text, start)
      hits.push({ file, line, column, rule: rule.id, what: rule.what, masked: mask(text.slice(start, end)) })
    }
  }
  return hits.sort((a, b) => a.line - b.line || a.column - b.column)
}

function mask(value: string): string {
  return value.length <= 4 ? '****' : `${value.slice(0, 4)}… (${plural(value.length, 'char')})`
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

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: offset - lineStart + 1 }
}
