import type { Paint } from '../../../lib/style.ts'

/** A unified diff (or a message holding one) with removed lines red, added green, hunks cyan. */
export function colourDiff(text: string, paint: Paint): string {
  return text
    .split('\n')
    .map((line) => {
      if (/^(---|\+\+\+) /.test(line)) return paint('bold', line)
      if (line.startsWith('-')) return paint('red', line)
      if (line.startsWith('+')) return paint('green', line)
      if (line.startsWith('@@')) return paint('cyan', line)
      return line
    })
    .join('\n')
}
