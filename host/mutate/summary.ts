// Counts per file and in total (pure), and the survivors as "behaviours your corpus does not pin".
import { MUTANT_STATUSES, type Counts, type MutantResult, type Summary } from './model.ts'

export function summarize(results: readonly MutantResult[]): Summary {
  const counts = Object.fromEntries(MUTANT_STATUSES.map((status) => [status, 0])) as Counts
  for (const result of results) counts[result.status]++
  const total = results.length
  const detected = counts.killed + counts.timeout
  return { ...counts, total, score: total ? Math.round((detected / total) * 1000) / 10 : null }
}

/** Each file with the summary of its mutants, in the order of `files`. */
export function fileSummaries(files: readonly string[], results: readonly MutantResult[]): Array<[string, Summary]> {
  return files.map((file) => [file, summarize(results.filter((result) => result.file === file))])
}

export function summarizeByFile(files: readonly string[], results: readonly MutantResult[]): Record<string, Summary> {
  return Object.fromEntries(fileSummaries(files, results))
}

export const survivors = (results: readonly MutantResult[]) => results.filter((result) => result.status === 'survived')

/** `a → b` on one line, each side shortened: how a report names a mutant's change. */
export function changeText(result: Pick<MutantResult, 'original' | 'replacement' | 'mutator'>, width = 60): string {
  const flat = (text: string) => {
    const line = text.replace(/\s+/g, ' ').trim()
    return line.length > width ? `${line.slice(0, width - 1)}…` : line
  }
  return `${result.mutator}: ${flat(result.original)} → ${flat(result.replacement)}`
}
