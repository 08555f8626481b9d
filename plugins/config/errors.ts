/**
 * A problem in the composition (YAML, overlay, module name) that the user fixes by editing a file.
 * The CLI prints its message without a stack trace: the message already says where and what to do.
 */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Render zod-style issues as `  - at <path>: <message>` lines. */
export function formatIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .map((issue) => `  - ${issue.path.length ? `at ${issue.path.map(String).join('.')}: ` : ''}${issue.message}`)
    .join('\n')
}
