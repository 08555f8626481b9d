// A bad command line: an unknown name or a flag value that cannot work (`--patch nosuchoverlay`,
// `--config missing.yml`). The CLI prints the message with a pointer to --help and exits 2; vitest
// and other callers see a named error (message, no stack). It lives here, not in the CLI, because
// the code that finds a value wrong (lib/bundled-compositions.ts, the test host) is below the CLI.
// The mark is a registered symbol, so it holds across bundle chunks.
import { NamedError } from './named-error.ts'

const USAGE = Symbol.for('dsh.usage-error')

export class UsageError extends NamedError {
  override name = 'UsageError'
  readonly [USAGE] = true
}

export function isUsageError(error: unknown): error is Error {
  return typeof error === 'object' && error !== null && USAGE in error
}
