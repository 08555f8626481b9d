// The named ways an import can be refused. Each message says what failed, where, and what to do;
// the code lets scripts and tests tell them apart. Usage mistakes (a taken name, an unknown or
// ambiguous session, a subagent's log) exit 2 like any bad command line; the others exit 1.
import { UsageError } from '../../../lib/usage-error.ts'

export type ImportErrorCode =
  | ImportUsageCode
  | 'IMPORT_TORN_LOG'
  | 'IMPORT_LOG_VERSION'
  | 'IMPORT_BAD_LOG'
  | 'IMPORT_CWD_GONE'
  | 'IMPORT_WORKSPACE'
  | 'IMPORT_WORKSPACE_SYMLINK'
  | 'IMPORT_WORKSPACE_TOO_LARGE'
  | 'IMPORT_SECRET'
  | 'IMPORT_PROJECT_CONFIG'
  | 'IMPORT_FORK_PARENT'

/** The codes of a bad command line rather than a bad session: thrown as ImportUsageError (exit 2). */
export type ImportUsageCode =
  | 'IMPORT_UNKNOWN_SESSION'
  | 'IMPORT_AMBIGUOUS_SESSION'
  | 'IMPORT_CHILD_SESSION'
  | 'IMPORT_SCENARIO_EXISTS'

/** A session that cannot be imported as it is: the CLI says why and exits 1. */
export class ImportError extends Error {
  override name = 'ImportError'
  constructor(
    readonly code: Exclude<ImportErrorCode, ImportUsageCode>,
    message: string,
  ) {
    super(`${code}: ${message}`)
  }
}

/** A command line naming no importable session, or a taken scenario name: a UsageError (exit 2). */
export class ImportUsageError extends UsageError {
  override name = 'ImportUsageError'
  constructor(
    readonly code: ImportUsageCode,
    message: string,
  ) {
    super(`${code}: ${message}`)
  }
}
