// The source text a mutant replaces, as reports show it.
import type { MutantInfo } from './model.ts'

type Location = MutantInfo['location']

/** The source text a mutant replaces (its location is 1-based lines, 0-based columns). */
export function originalText(content: string, location: Location): string {
  const { start, end } = location
  const lines = content.split('\n').slice(start.line - 1, end.line)
  const [first, ...rest] = lines
  const last = rest.pop()
  if (first === undefined) throw new Error(`mutant location line ${start.line} is past the end of its file`)
  if (last === undefined) return first.slice(start.column, end.column)
  return [first.slice(start.column), ...rest, last.slice(0, end.column)].join('\n')
}
