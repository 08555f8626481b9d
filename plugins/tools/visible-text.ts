// A tool call's title is what the user reads before approving it. Control characters (CR,
// ESC sequences that move the cursor or erase a line), C1 codes and invisible bidi overrides
// could make it show something else than what runs, so each becomes a visible escape.

// C0 controls, DEL, C1 controls, zero-width and bidi formatting characters, the BOM.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' }

/** `text` with every character that would not show as itself written as an escape (`\r`, `\e`, `\u202e`). */
export function visibleText(text: string): string {
  return text.replace(HIDDEN, (char) => {
    const code = char.charCodeAt(0)
    return NAMED[char] ?? (code < 0x100 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`)
  })
}

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0')
