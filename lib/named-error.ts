// An error whose message already says what failed, where and what to do next (a corrupt fixture
// names its file and line): reporters print the message alone, no stack trace. A crash (a
// TypeError, a plain Error from a bug) keeps its stack. The mark is a registered symbol, so it
// holds across bundle chunks.
const NAMED = Symbol.for('dsh.named-error')

export class NamedError extends Error {
  readonly [NAMED] = true
}

export function isNamedError(error: unknown): error is Error {
  return typeof error === 'object' && error !== null && NAMED in error
}
