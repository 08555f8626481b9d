// The stable, readable text a bash call returns to the model (and to snapshots).
import type { ProcessEnding } from '../../lib/process/group.ts'
import { appendLine } from './truncate.ts'
import type { ToolResult } from './types.ts'

const NO_OUTPUT = '(no output)'

/**
 * The captured output verbatim (or `(no output)`), then at most one bracketed trailer line:
 * `[exit code N]`, `[killed by signal SIGX]`, `[timed out after N ms; …]`, `[cancelled; …]`.
 * Exit code 0 has no trailer and is the only non-error ending.
 */
export function formatBashResult(captured: string, ending: ProcessEnding, timeoutMs: number): ToolResult {
  const body = captured === '' ? NO_OUTPUT : captured
  const failed = (trailer: string): ToolResult => ({ output: appendLine(body, trailer), isError: true })
  switch (ending.kind) {
    case 'exit':
      return ending.code === 0 ? { output: body, isError: false } : failed(`[exit code ${ending.code}]`)
    case 'signal':
      return failed(`[killed by signal ${ending.signal}]`)
    case 'timeout':
      return failed(`[timed out after ${timeoutMs} ms; the command and its background processes were killed]`)
    case 'cancelled':
      return failed('[cancelled; the command and its background processes were killed]')
    case 'spawn-error':
      return { output: `[failed to start bash: ${ending.code}]`, isError: true }
  }
}
