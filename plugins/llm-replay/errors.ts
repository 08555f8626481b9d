// The replay error catalogue (docs/replay.md): each problem has a stable code and a message
// naming the fixture file, scenario, session, turn and step, and what to do next.
import { z } from 'zod'
import { NamedError } from '../../lib/named-error.ts'
import { plural } from '../../lib/plural.ts'
import { LlmError } from '../llm/types.ts'

export const REPLAY_ERROR_CODES = [
  'REPLAY_EXHAUSTED',
  'REPLAY_EXTRA_SESSION',
  'REPLAY_DRIFT',
  'REPLAY_UNCONSUMED',
  /** A live call with no recorded twin: no recorded call has its identity, or that one was served already. */
  'REPLAY_EXTRA_CALL',
  /** A live call whose purpose differs from the recorded call at the same turn, step and attempt. */
  'REPLAY_PURPOSE',
  /** A foreign agent's scenario: model.yml no longer says what its --stub recording was made from. */
  'REPLAY_SCRIPT_CHANGED',
] as const
export type ReplayErrorCode = (typeof REPLAY_ERROR_CODES)[number]

/**
 * One problem: its code, and its message: the first line says where (scenario, session, log file,
 * turn, step) and what; the lines after it, when there are any, are the diff (`- recorded, + live`).
 * As a schema too: problems travel as data (a subprocess's report file, a report blob).
 */
export const ReplayProblemSchema = z.strictObject({ code: z.enum(REPLAY_ERROR_CODES), message: z.string() })
export type ReplayProblem = z.infer<typeof ReplayProblemSchema>

/** Every problem of a run, numbered, in one message (what `verify()` throws, and what a host reports). */
export function verificationMessage(scenario: string, problems: readonly ReplayProblem[]): string {
  return (
    `replay of scenario "${scenario}" failed with ${plural(problems.length, 'problem')}:\n` +
    problems.map((p, i) => `${i + 1}. [${p.code}] ${p.message}`).join('\n')
  )
}

/** What `verify()` throws: every problem of the run, numbered, in one message. */
export class ReplayVerificationError extends Error {
  constructor(
    readonly scenario: string,
    readonly problems: readonly ReplayProblem[],
  ) {
    super(verificationMessage(scenario, problems))
    this.name = 'ReplayVerificationError'
  }
}

/** The first line of a problem, without the scenario it names: where and what (the digest's cause). */
export function problemSummary(problem: ReplayProblem, scenario: string): string {
  const [head = ''] = problem.message.split('\n', 1)
  const label = `scenario "${scenario}", `
  const where = head.startsWith(label) ? head.slice(label.length) : head
  const legend = '; - recorded, + live:'
  return where.endsWith(legend) ? where.slice(0, -legend.length) : where
}

/** The lines after the first: the diff of a drift, when there is one. */
export function problemDetail(problem: ReplayProblem): string[] {
  return problem.message.split('\n').slice(1)
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
