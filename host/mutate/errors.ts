// The named ways `dsh mutate` refuses its input (docs/mutate.md, "Errors"): each says what failed,
// where, and what to do next. The CLI prints the message and exits 2 (bad input) or 1 (the corpus).

export const MUTATE_ERROR_CODES = [
  /** A named file is not a JavaScript or TypeScript module of the project (a test, a .d.ts, a folder, …). */
  'not-a-plugin-source',
  /** No scenario's run loaded a named file, so no mutant in it can be judged. */
  'not-loaded',
  /** A scenario fails with no mutant active: a mutant's failure would prove nothing. */
  'corpus-fails',
  /** The instrumenter could not parse a named file. */
  'unparsable',
  /** Nothing to mutate: no files named, or none changed since --since. */
  'no-files',
  /** The instrumenter (or esbuild, for TypeScript) is not installed in the project. */
  'not-installed',
  /** A mutate worker could not boot the composition. */
  'worker-broken',
] as const

export type MutateErrorCode = (typeof MUTATE_ERROR_CODES)[number]

export class MutateError extends Error {
  constructor(
    readonly code: MutateErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'MutateError'
  }
}
