// The named ways an import can be refused. Each message says what failed, where, and what to do;
// the code lets scripts and tests tell them apart. Usage mistakes (a taken name, an unknown or
// ambiguous session, a subagent's log) exit 2 like any bad command line; the others exit 1.
export type ImportErrorCode =
  | 'IMPORT_UNKNOWN_SESSION'
  | 'IMPORT_AMBIGUOUS_SESSION'
  | 'IMPORT_CHILD_SESSION'
  | 'IMPORT_SCENARIO_EXISTS'
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

const USAGE_CODES: ReadonlySet<ImportErrorCode> = new Set([
  'IMPORT_UNKNOWN_SESSION',
  'IMPORT_AMBIGUOUS_SESSION',
  'IMPORT_CHILD_SESSION',
  'IMPORT_SCENARIO_EXISTS',
])

export class ImportError extends Error {
  override name = 'ImportError'
  constructor(
    readonly code: ImportErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`)
  }

  /** A bad command line rather than a bad session: the CLI exits 2. */
  get usage(): boolean {
    return USAGE_CODES.has(this.code)
  }
}
