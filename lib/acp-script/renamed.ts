// Spellings of the two languages this one replaced (scenario inputs and conformance cases used
// different words for the same steps): each is named with its replacement, before the schema
// would call it merely unknown.
import type { z } from 'zod'
import { type FileIssue, zodIssuesToFileIssues } from '../file-issues.ts'

interface Renamed {
  op: string
  /** The old field of that op; without it, the op itself was renamed. */
  field?: string
  now: string
  /** A value the field may hold today under a new meaning (not the old spelling). */
  current?: (value: unknown) => boolean
}

const RENAMED: readonly Renamed[] = [
  { op: 'promptBackground', now: '{ "op": "prompt", "background": true, "as": … }' },
  { op: 'awaitBackground', now: '{ "op": "await", "prompt": … } (the background prompt\'s "as")' },
  { op: 'await', field: 'from', now: '"prompt" (the background prompt\'s "as")' },
  // Today's `cwd` names a folder under the script's cwd; any other value is the old invalid-cwd test.
  {
    op: 'newSession',
    field: 'cwd',
    now: '"params": { "cwd": …, "mcpServers": [] }',
    current: (value) => typeof value === 'string' && value.startsWith('{{cwd}}/'),
  },
]

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** One issue per old spelling in a file's raw `steps`, e.g. `steps[3].op: "promptBackground" is now …`. */
export function renamedSpellingIssues(steps: unknown): FileIssue[] {
  if (!Array.isArray(steps)) return []
  const issues: FileIssue[] = []
  steps.forEach((step, index) => {
    if (!isRecord(step)) return
    for (const renamed of RENAMED) {
      if (step.op !== renamed.op) continue
      if (renamed.field === undefined)
        issues.push({
          path: `steps[${index}].op`,
          message: `"${renamed.op}" is now ${renamed.now}; did you mean that?`,
        })
      else if (renamed.field in step && !renamed.current?.(step[renamed.field]))
        issues.push({
          path: `steps[${index}].${renamed.field}`,
          message: `"${renamed.field}" of ${renamed.op} is now ${renamed.now}; did you mean that?`,
        })
    }
  })
  return issues
}

/** A file's problems when it has old spellings: each is one problem, without the schema's own issues for that step. */
export function withoutRenamed(renamed: FileIssue[], zodIssues: readonly z.core.$ZodIssue[]): FileIssue[] {
  const stepOf = (issue: FileIssue) => issue.path.replace(/\].*$/, ']')
  const steps = new Set(renamed.map(stepOf))
  return [...renamed, ...zodIssuesToFileIssues(zodIssues).filter((issue) => !steps.has(stepOf(issue)))]
}
