// Changed line ranges from `git diff -U0` (pure), and the mutants on them.
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
