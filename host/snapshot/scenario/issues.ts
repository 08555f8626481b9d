// The error a scenario file raises: every problem of the file at once, each line saying file,
// field path and fix (the issue model and wording are shared: lib/file-issues.ts).
import { docFile } from '../../../lib/package-root.ts'
import { formatFileIssues, type FileIssue } from '../../../lib/file-issues.ts'

export class ScenarioFileError extends Error {
  override readonly name = 'ScenarioFileError'
  constructor(
    /** Repository-relative file, e.g. `scenarios/text-turn/snapshot.yml`. */
    readonly file: string,
    readonly issues: FileIssue[],
    readonly hint = `See ${docFile('scenario-format.md')} for the format.`,
  ) {
    super(formatFileIssues(file, issues, hint))
  }
}
