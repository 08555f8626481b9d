// One error type for every scenario file problem, so a runner can show all
// problems of a file at once and each line says file, field path and fix.
// The issue notation itself is shared with the composition and conformance (lib/zod-issues.ts).
import { type FileIssue, formatFileIssues } from '../../../lib/zod-issues.ts'

export type { FileIssue } from '../../../lib/zod-issues.ts'

export class ScenarioFileError extends Error {
  override readonly name = 'ScenarioFileError'
  constructor(
    /** Repository-relative file, e.g. `scenarios/text-turn/snapshot.yml`. */
    readonly file: string,
    readonly issues: FileIssue[],
    readonly hint = 'See docs/scenario-format.md for the format.',
  ) {
    super(formatFileIssues(file, issues, hint))
  }
}
