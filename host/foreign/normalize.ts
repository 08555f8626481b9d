// What a foreign agent's transcript carries that differs run to run, beyond what the snapshot
// normalizer (core/normalize) already tokenizes (session and message ids, JSON-RPC ids, the cwd):
// the agent's own version, tool-call ids it draws, the fresh home the run gave it, names
// derived from the temp cwd's (its name, its path relative to /), and what its preset's rules name
// (matched against each message's JSON text, so a rule can name a key: `"process_id":"\d+"`).
// Applied to the parsed messages before normalizeRun. Pure.
import { basename } from 'node:path'

interface RunPlaces {
  /** The run's home spellings (path and realpath). */
  home: readonly string[]
  /** The temp cwd spellings. */
  cwd: readonly string[]
  /** The preset's own rules (lib/model-wire/preset.ts `normalize`), applied to every text. */
  rules?: ReadonlyArray<{ pattern: string; token: string }>
}

export function normalizeForeignMessages(messages: readonly object[], places: RunPlaces): object[] {
  const toolIds = new Map<string, string>()
  const texts = replacements(places)
  const rules = (places.rules ?? []).map((rule) => ({ pattern: new RegExp(rule.pattern, 'g'), token: rule.token }))
  const visit = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') {
      if (key === 'toolCallId') {
        if (!toolIds.has(value)) toolIds.set(value, `{{tool:${toolIds.size + 1}}}`)
        return toolIds.get(value)
      }
      return texts.reduce((text, [from, to]) => text.split(from).join(to), value)
    }
    if (Array.isArray(value)) return value.map((item) => visit(item))
    if (!value || typeof value !== 'object') return value
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, visit(v, k)])
    const out = Object.fromEntries(entries) as Record<string, unknown>
    if (key === 'agentInfo' && typeof out.version === 'string') out.version = '{{version}}'
    return out
  }
  return messages.map((message) => withRules(visit(message) as object, rules))
}

function withRules(message: object, rules: ReadonlyArray<{ pattern: RegExp; token: string }>): object {
  if (!rules.length) return message
  const text = rules.reduce((json, rule) => json.replace(rule.pattern, rule.token), JSON.stringify(message))
  try {
    return JSON.parse(text) as object
  } catch {
    throw new Error(
      `the preset's normalize rules (${rules.map((r) => r.pattern.source).join(', ')}) made a transcript line ` +
        `that is not JSON: ${text.slice(0, 300)}; a rule's token must keep the JSON whole (quote a token that ` +
        'replaces a number)',
    )
  }
}

/** Longest first, so a home inside the cwd (or the reverse) is replaced whole. */
function replacements(places: RunPlaces): Array<[string, string]> {
  const pairs: Array<[string, string]> = [
    ...places.home.map((path): [string, string] => [path, '{{home}}']),
    // The cwd whole first: its name alone may be all lower case, and must not eat the path around it.
    ...places.cwd.map((path): [string, string] => [path, '{{cwd}}']),
    // Relative to the filesystem root (opencode titles a file by its path relative to a worktree of /).
    ...places.cwd.map((path): [string, string] => [path.slice(1), '{{cwd-from-root}}']),
  ]
  // Agents name per-project folders after the cwd (gemini-cli: ~/.gemini/tmp/<lower-cased name>).
  for (const path of places.cwd) {
    const name = basename(path)
    if (name.length >= 8) pairs.push([name.toLowerCase(), '{{cwd-name}}'])
  }
  return pairs.sort((a, b) => b[0].length - a[0].length)
}
