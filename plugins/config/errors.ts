import type { z } from 'zod'
import { zodIssuesToFileIssues, formatIssueLines } from '../../lib/file-issues.ts'

/**
 * A problem in the composition (YAML, overlay, module name) that the user fixes by editing a file.
 * The CLI prints its message without a stack trace: the message already says where and what to do.
 */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Render zod issues as `  - <path>: <message>` lines (lib/file-issues.ts notation). */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return formatIssueLines(zodIssuesToFileIssues(issues))
}
