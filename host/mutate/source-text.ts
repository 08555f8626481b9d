// The source text a mutant replaces, as reports show it.
import type { MutantInfo } from './model.ts'

type Location = MutantInfo['location']

/** The source text a mutant replaces (its location is 1-based lines, 0-based columns). */
export function originalText(content: string, location: Location): string {
  const lines = content.split('\n')
  const { start, end } = location
  if (start.line === end.line) return lines[start.line - 1]!.slice(start.column, end.column)
  const middle = lines.slice(start.line, end.line - 1)
  return [lines[start.line - 1]!.slice(start.column), ...middle, lines[end.line - 1]!.slice(0, end.column)].join('\n')
}
