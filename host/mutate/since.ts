// --since REF: the lines of each file that changed since a git ref (`git diff -U0`), so only the
// mutants on them run.
import { execFileSync } from 'node:child_process'
import { MutateError } from './errors.ts'
import { parseDiffRanges, type ChangedLines } from './diff-ranges.ts'

export function changedSince(ref: string, cwd: string): ChangedLines {
  try {
    const diff = execFileSync('git', ['diff', '-U0', '--no-color', '--relative', ref, '--'], { cwd, encoding: 'utf8' })
    return parseDiffRanges(diff)
  } catch (error) {
    throw new MutateError(
      'no-files',
      `dsh mutate: --since ${ref}: git diff failed in ${cwd}: ${(error as Error).message.split('\n')[0]}; ` +
        'name a commit, branch or tag git knows (e.g. --since main)',
    )
  }
}
