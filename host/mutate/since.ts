// --since REF: the lines of each file that changed since a git ref (`git diff -U0`), so only the
// mutants on them run.
import { execFileSync } from 'node:child_process'
import { MutateError } from './errors.ts'
import type { MutantInfo } from './model.ts'

export type ChangedLines = Map<string, Array<[number, number]>>

/** Parse `git diff -U0` hunks (`@@ -a,b +c,d @@`) into changed line ranges of the new side, per file. */
export function parseDiffRanges(diff: string): ChangedLines {
  const changed: ChangedLines = new Map()
  let file: string | undefined
  for (const line of diff.split('\n')) {
    const target = /^\+\+\+ (?:b\/)?(.+)$/.exec(line)
    if (target) file = target[1] === '/dev/null' ? undefined : target[1]
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line)
    if (hunk && file) {
      const start = Number(hunk[1])
      const count = hunk[2] === undefined ? 1 : Number(hunk[2])
      if (count > 0) changed.set(file, [...(changed.get(file) ?? []), [start, start + count - 1]])
    }
  }
  return changed
}

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

/** The mutants whose location touches a changed line of their file. */
export function onChangedLines<T extends Pick<MutantInfo, 'file' | 'location'>>(
  mutants: readonly T[],
  changed: ChangedLines,
): T[] {
  return mutants.filter((mutant) =>
    (changed.get(mutant.file) ?? []).some(
      ([from, to]) => mutant.location.start.line <= to && mutant.location.end.line >= from,
    ),
  )
}
