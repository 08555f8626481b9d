// The pin's readable sidecars: `system-prompt.expected.md` and
// `tool-schemas.expected.json`, rendered from the live request headers of one
// run. The usual case (one prompt, one tool list for the whole run) renders as
// the plain text / a plain JSON array; when a header changes mid-run, every
// distinct version is kept, labelled with the turn and step that introduced it.
import type { RequestHeaderContent } from './session-log.ts'

function distinctBy<T>(
  headers: readonly RequestHeaderContent[],
  key: (h: RequestHeaderContent) => T,
): RequestHeaderContent[] {
  const seen = new Set<string>()
  return headers.filter((header) => {
    const identity = JSON.stringify(key(header))
    if (seen.has(identity)) return false
    seen.add(identity)
    return true
  })
}

function requireHeaders(headers: readonly RequestHeaderContent[], sidecar: string): void {
  if (headers.length === 0) {
    throw new Error(
      `cannot render ${sidecar}: the run made no model request (no request/header event); a pin must call the model`,
    )
  }
}

function endWithNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`
}

export function renderSystemPromptSidecar(headers: readonly RequestHeaderContent[]): string {
  requireHeaders(headers, 'system-prompt.expected.md')
  const versions = distinctBy(headers, (h) => h.system)
  const [only] = versions
  if (only && versions.length === 1) return endWithNewline(only.system)
  return versions
    .map(
      (h, index) =>
        `<!-- dsh: system prompt ${index + 1} of ${versions.length}, from turn ${String(h.turn)} step ` +
        `${String(h.step)} -->\n${endWithNewline(h.system)}`,
    )
    .join('\n')
}

export function renderToolSchemasSidecar(headers: readonly RequestHeaderContent[]): string {
  requireHeaders(headers, 'tool-schemas.expected.json')
  const versions = distinctBy(headers, (h) => h.tools)
  const [only] = versions
  const value =
    only && versions.length === 1 ? only.tools : versions.map((h) => ({ turn: h.turn, step: h.step, tools: h.tools }))
  return `${JSON.stringify(value, null, 2)}\n`
}
