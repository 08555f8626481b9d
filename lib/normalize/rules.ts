// Normalization rules (`normalize:` in dsh.config.yml and snapshot.yml; docs/nondeterminism.md): what
// counts as a difference between a recording and a replay, as VCR's `match_on` or insta's redactions
// say it. A rule finds text by a pattern, or a field of a tool's result or arguments by a JSON path,
// and replaces it with a token or sorts it. The same rules run over the recorded log, the goldens and
// the history replay compares, so a rule never hides one side only. Pure.
import { z } from 'zod'
import { jsonPathProblem, parseJsonPath, type PathStep, updateAtPath } from './json-path.ts'

const regExpProblem = (source: string): string | undefined => {
  try {
    new RegExp(source)
    return undefined
  } catch (error) {
    return `is not a valid regular expression: ${(error as Error).message}`
  }
}

export const NormalizeRuleSchema = z
  .strictObject({
    pattern: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'A JavaScript regular expression (flags g and m: every match, ^ and $ at line ends).' }),
    path: z.string().min(1).optional().meta({
      description:
        'A JSON path ($.now, $.items[*].id, $..requestId) into a tool result or tool-call arguments that are JSON.',
    }),
    token: z.string().min(1).optional().meta({ description: 'What replaces each match, e.g. "{{time}}".' }),
    sort: z.literal(true).optional().meta({
      description:
        "Sort instead of replacing: an array's items, or the lines of a text (a list whose order is not stable).",
    }),
  })
  .superRefine((rule, ctx) => {
    const problem = normalizeRuleProblem(rule)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

export type NormalizeRule = z.output<typeof NormalizeRuleSchema>

/** What is wrong with a rule's shape; undefined when it is one. */
function normalizeRuleProblem(rule: NormalizeRule): string | undefined {
  if ((rule.pattern === undefined) === (rule.path === undefined))
    return 'give exactly one of pattern (a regular expression) and path (a JSON path into tool results)'
  if ((rule.token === undefined) === (rule.sort === undefined))
    return 'give exactly one of token (the replacement) and sort: true'
  if (rule.pattern !== undefined) {
    const problem = regExpProblem(rule.pattern)
    return problem && `pattern ${problem}`
  }
  return jsonPathProblem(rule.path!)
}

/** A rule as the report names it: `pattern /…/ → {{time}}`, `path $.items sorted`. */
export function describeRule(rule: NormalizeRule): string {
  const where = rule.pattern !== undefined ? `pattern /${rule.pattern}/` : `path ${rule.path}`
  return rule.sort ? `${where} sorted` : `${where} → ${rule.token}`
}

interface Normalizer {
  /** A string as the model sees it (a tool result, arguments): path rules where it is JSON, then the patterns. */
  text(text: string): string
  /** One JSON line of a log or transcript: each string in it through text(), and path rules on rawInput/rawOutput. */
  line(line: string): string
  /** How many places each rule changed so far, in rule order (the report shows them). */
  counts(): number[]
}

type Step = (text: string) => string

/** The rules compiled once; undefined when there are none (nothing is parsed then). */
export function normalizer(rules: readonly NormalizeRule[]): Normalizer | undefined {
  if (rules.length === 0) return undefined
  // A counter per rule, in rule order: each rule's step bumps its own.
  const counters: Array<{ hits: number }> = []
  const patterns: Step[] = []
  const paths: Array<{ steps: PathStep[]; replace: (old: unknown) => unknown }> = []
  rules.forEach((rule) => {
    const counter = { hits: 0 }
    counters.push(counter)
    const count = () => void counter.hits++
    if (rule.pattern !== undefined) patterns.push(patternStep(rule, count))
    else paths.push({ steps: parseJsonPath(rule.path!), replace: pathReplacement(rule, count) })
  })
  const onDocument = (value: unknown) =>
    paths.reduce((out, { steps, replace }) => updateAtPath(out, steps, replace), value)
  const text = (input: string): string => {
    const withPaths = paths.length ? mapJsonDocument(input, onDocument) : input
    return patterns.reduce((out, step) => step(out), withPaths)
  }
  const line = (input: string): string => {
    if (!input.trim()) return input
    let parsed: unknown
    try {
      parsed = JSON.parse(input)
    } catch {
      return text(input)
    }
    const next = walk(parsed, text, onDocument)
    return next === parsed ? input : JSON.stringify(next)
  }
  return { text, line, counts: () => counters.map((counter) => counter.hits) }
}

function patternStep(rule: NormalizeRule, counted: () => void): Step {
  const pattern = new RegExp(rule.pattern!, 'gm')
  if (rule.sort)
    return (text) =>
      text.replace(pattern, (match) => {
        const sorted = sortLines(match)
        if (sorted !== match) counted()
        return sorted
      })
  return (text) =>
    text.replace(pattern, (match) => {
      if (match !== rule.token) counted()
      return rule.token!
    })
}

function pathReplacement(rule: NormalizeRule, counted: () => void): (old: unknown) => unknown {
  return (old) => {
    const next = rule.sort ? sortValue(old) : rule.token
    if (JSON.stringify(next) === JSON.stringify(old)) return old
    counted()
    return next
  }
}

function sortValue(value: unknown): unknown {
  if (typeof value === 'string') return sortLines(value)
  if (!Array.isArray(value)) return value
  return value
    .map((item) => [JSON.stringify(item), item] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, item]) => item)
}

/** The lines sorted; a final newline stays final. */
function sortLines(text: string): string {
  const ending = text.endsWith('\n') ? '\n' : ''
  const lines = (ending ? text.slice(0, -1) : text).split('\n')
  return lines.sort().join('\n') + ending
}

/** A string holding a JSON object or array, with `update` applied to the document; other strings as they are. */
function mapJsonDocument(text: string, update: (value: unknown) => unknown): string {
  const start = text.trimStart()[0]
  if (start !== '{' && start !== '[') return text
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return text
  }
  const next = update(parsed)
  if (next === parsed) return text
  const indent = text.match(/^[{[]\r?\n([ \t]+)/)?.[1]
  return JSON.stringify(next, null, indent) + (text.endsWith('\n') ? '\n' : '')
}

/** Every string through `text`; the objects an ACP tool call carries as rawInput / rawOutput through `document`. */
function walk(value: unknown, text: (s: string) => string, document: (v: unknown) => unknown, key = ''): unknown {
  if (typeof value === 'string') return text(value)
  if (!value || typeof value !== 'object') return value
  const own = key === 'rawInput' || key === 'rawOutput' ? document(value) : value
  if (!own || typeof own !== 'object') return own
  let changed = own !== value
  const entries: Array<[string | number, unknown]> = Array.isArray(own)
    ? own.map((item, index) => [index, item])
    : Object.entries(own)
  const next = entries.map(([name, item]): [string | number, unknown] => {
    const updated = walk(item, text, document, String(name))
    if (updated !== item) changed = true
    return [name, updated]
  })
  if (!changed) return value
  return Array.isArray(own) ? next.map(([, item]) => item) : Object.fromEntries(next)
}
