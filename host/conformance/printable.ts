// What the runner prints and writes is safe to print: every string of the report (failures, the
// agent's stderr, the wire transcript, the stop line) loses its terminal escape codes (an agent's
// colours, cursor moves and titles would otherwise reach the user's terminal through the text
// report) and its secrets (redact-secrets.ts). Pure.
import { stripVTControlCharacters } from 'node:util'
import { redactSecrets } from './redact-secrets.ts'

/** `text` without ANSI/VT escape sequences (CSI, OSC, …); a lone ESC left by a cut sequence goes too. */
export function stripTerminalCodes(text: string): string {
  return stripVTControlCharacters(text).replaceAll('\u001b', '')
}

/** A copy of `value` whose every string has no terminal codes and no secrets (object keys stay). */
export function printableStrings<T>(value: T): T {
  // A transcript repeats its strings (methods, ids, kinds, a flood's chunk): each is scanned once.
  const seen = new Map<string, string>()
  const printable = (text: string) => {
    let clean = seen.get(text)
    if (clean === undefined) seen.set(text, (clean = redactSecrets(stripTerminalCodes(text))))
    return clean
  }
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) =>
    typeof item === 'string' ? printable(item) : item,
  ) as T
}
