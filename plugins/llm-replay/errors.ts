// The replay error catalogue (docs/replay.md): each problem has a stable code and a message
// naming the fixture file, scenario, session, turn and step, and what to do next.
import { NamedError } from '../../lib/named-error.ts'
import { plural } from '../../lib/plural.ts'
import { LlmError } from '../llm/types.ts'

export type ReplayErrorCode = 'REPLAY_EXHAUSTED' | 'REPLAY_EXTRA_SESSION' | 'REPLAY_DRIFT' | 'REPLAY_UNCONSUMED'

export interface ReplayProblem {
  code: ReplayErrorCode
  message: string
}

/** What `verify()` throws: every problem of the run, numbered, in one message. */
export class ReplayVerificationError extends Error {
  constructor(
    readonly scenario: string,
    readonly problems: readonly ReplayProblem[],
  ) {
    super(
      `replay of scenario "${scenario}" failed with ${plural(problems.length, 'problem')}:\n` +
        problems.map((p, i) => `${i + 1}. [${p.code}] ${p.message}`).join('\n'),
    )
    this.name = 'ReplayVerificationError'
  }
}

export function toLlmError(problem: ReplayProblem): LlmError {
  return new LlmError(problem.message, problem.code)
}

/** A fixture replay cannot use (unreadable, not a session log, a bad chunk); the message names file and line. */
class FixtureLoadError extends NamedError {
  override name = 'FixtureLoadError'
}

/** The fixture problems the loaders throw as plain Errors become FixtureLoadErrors; anything else is a crash. */
export function asFixtureLoadError(error: unknown): unknown {
  return error instanceof Error && error.constructor === Error ? new FixtureLoadError(error.message) : error
}
