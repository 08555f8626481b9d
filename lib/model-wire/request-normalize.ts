// What varies between two runs of the same scenario inside a model request, made constant before
// it is bound or recorded: the run's temp paths (cwd, tmp dirs) and today's date and time, which
// agents write into their system prompts. Pure.
import type { CanonicalRequest } from './canonical.ts'

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December'
const DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday'

const RULES: Array<[RegExp, string]> = [
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g, '{{time}}'],
  [new RegExp(`(?:(?:${DAYS}),? )?(?:${MONTHS}) \\d{1,2},? \\d{4}`, 'g'), '{{date}}'],
  [new RegExp(`(?:(?:${DAYS}),? )?\\d{1,2} (?:${MONTHS}),? \\d{4}`, 'g'), '{{date}}'],
  [/\b\d{4}-\d{2}-\d{2}\b/g, '{{date}}'],
  [/\b\d{1,2}\/\d{1,2}\/\d{4}\b/g, '{{date}}'],
  [/\b\d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?\b/g, '{{clock}}'],
]

/** An agent's own varying text (a preset's `normalize`): a regular expression and its token. */
export interface NormalizeRule {
  pattern: string
  token: string
}

/** What one run makes constant: its cwd and home spellings, and the agent's own rules. */
export interface RunNormalizer {
  cwd: readonly string[]
  home?: readonly string[]
  rules?: readonly NormalizeRule[]
}

/** The run's places (longest first: a home inside the cwd is replaced whole), dates, times, then the rules. */
export function normalizeText(text: string, run: RunNormalizer): string {
  const places: Array<[string, string]> = [
    ...run.cwd.map((path): [string, string] => [path, '{{cwd}}']),
    ...(run.home ?? []).map((path): [string, string] => [path, '{{home}}']),
  ].sort((a, b) => b[0].length - a[0].length)
  let out = text
  for (const [path, token] of places) out = out.split(path).join(token)
  out = out.replace(/\/tmp\/[A-Za-z0-9._-]+/g, '{{tmp}}')
  for (const [pattern, token] of RULES) out = out.replace(pattern, token)
  for (const rule of run.rules ?? []) out = out.replace(new RegExp(rule.pattern, 'g'), rule.token)
  return out
}

export function normalizeRequest(request: CanonicalRequest, run: RunNormalizer): CanonicalRequest {
  const n = (text: string) => normalizeText(text, run)
  return {
    system: n(request.system),
    messages: request.messages.map((m) => ({
      ...m,
      ...(m.text !== undefined ? { text: n(m.text) } : {}),
      ...(m.toolCalls ? { toolCalls: m.toolCalls.map((c) => ({ ...c, arguments: n(c.arguments) })) } : {}),
      ...(m.toolResults ? { toolResults: m.toolResults.map((r) => ({ ...r, output: n(r.output) })) } : {}),
    })),
    tools: request.tools,
  }
}
