// The secrets the model adapters hold (their API keys, declared to the llm service), kept out of what
// a tool returns and what a prompt says (issue 43, leak 5): every form of each (lib/secrets/key-forms.ts)
// is replaced in the result's output, in what it shows the editor and in the prompt's text, before they
// are logged, so neither the session log, the client nor any model request carries it. A command that
// prints the key is the sandbox's to stop; this is the second guard.
import { keyRedactor } from '../../lib/secrets/key-forms.ts'
import type { LlmService } from '../llm/index.ts'
import type { ToolDisplay, ToolResult } from '../tools/types.ts'

const HELD_SECRET = '[redacted: the model API key]'

/** The redaction of every held secret, read now; undefined when no adapter holds one. */
export function heldSecretRedactor(llm: Pick<LlmService, 'heldSecrets'>): ((text: string) => string) | undefined {
  return keyRedactor(llm.heldSecrets(), HELD_SECRET)
}

/** The result with every string of its output and display redacted (the same object when nothing changes). */
export function redactResult(result: ToolResult, redact: ((text: string) => string) | undefined): ToolResult {
  if (!redact) return result
  const output = redact(result.output)
  const display = result.display && redactDisplay(result.display, redact)
  if (output === result.output && display === result.display) return result
  return { ...result, output, ...(display ? { display } : {}) }
}

export function redactDisplay(display: ToolDisplay, redact: (text: string) => string): ToolDisplay {
  return mapStrings(display, redact)
}

/**
 * The prompt with every held secret taken out, before it is logged or sent: with tool results, the
 * only text that enters a session from outside, so no later log line or request can carry the key.
 */
export function redactPrompt<T>(content: T, redact: ((text: string) => string) | undefined): T {
  return redact ? mapStrings(content, redact) : content
}

function mapStrings<T>(value: T, replace: (text: string) => string): T {
  if (typeof value === 'string') return replace(value) as T
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace)) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, replace)])) as T
  return value
}
