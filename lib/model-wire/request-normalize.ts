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

/** `paths`: the run's own (its cwd as given and as realpath), longest first, replaced by `{{cwd}}`. */
export function normalizeText(text: string, paths: readonly string[]): string {
  let out = text
  for (const path of [...paths].sort((a, b) => b.length - a.length)) out = out.split(path).join('{{cwd}}')
  out = out.replace(/\/tmp\/[A-Za-z0-9._-]+/g, '{{tmp}}')
  for (const [pattern, token] of RULES) out = out.replace(pattern, token)
  return out
}

export function normalizeRequest(request: CanonicalRequest, paths: readonly string[]): CanonicalRequest {
  const n = (text: string) => normalizeText(text, paths)
  return {
    system: n(request.system),
    tools: request.tools,
    messages: request.messages.map((m) => ({
      ...m,
      ...(m.text !== undefined ? { text: n(m.text) } : {}),
      ...(m.toolCalls ? { toolCalls: m.toolCalls.map((c) => ({ ...c, arguments: n(c.arguments) })) } : {}),
      ...(m.toolResults ? { toolResults: m.toolResults.map((r) => ({ ...r, output: n(r.output) })) } : {}),
    })),
  }
}
