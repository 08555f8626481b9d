// What went wrong in one scenario's run, as data (docs/test-host.md, "Failures"): found where it
// happens (replay, a step, a surface, the workspace, a secret, the log count, the composition) and
// carried as it is to the outcome, the blob, vitest and every report. Each keeps the words it was
// found with (`message`, what reports print) and the fields a reader decides by: the digest, the
// re-record plan and the next step switch on `kind` and read fields, never the words. A schema,
// because failures cross files (a report blob) and a file is checked before it is believed.
import { z } from 'zod'
import { UPSTREAM_PROBLEM_CODES } from '../../../lib/model-wire/upstream-problems.ts'
import { ReplayProblemSchema } from '../../../plugins/llm-replay/errors.ts'

const found = {
  scenario: z.string().min(1),
  /** The failure in words, as the run found it (a diff included where one belongs). */
  message: z.string(),
}

/**
 * A drift classified before advice (core/drift-class.ts): the host replayed the scenario once more.
 * Two live runs that differ are `nondeterministic` (where, the two spans, a `normalize:` rule to paste);
 * two that agree are a `regression-or-intended` change. It explains a failure; it never clears one.
 */
const DriftClassificationSchema = z.strictObject({
  verdict: z.enum(['nondeterministic', 'regression-or-intended']),
  /** Where the two live runs differ (`session log 1 line 21`). */
  where: z.string().optional(),
  /** The differing span in the first live run and in the second. */
  spans: z.tuple([z.string(), z.string()]).optional(),
  /** A `normalize:` entry that makes the two runs agree, as YAML to paste (docs/nondeterminism.md). */
  rule: z.string().optional(),
})
export type DriftClassification = z.infer<typeof DriftClassificationSchema>

const classified = { classification: DriftClassificationSchema.optional() }

/** Failures whose words are the whole story: nothing reads more than the kind. */
const PLAIN_KINDS = ['log-count', 'secret', 'process', 'scenario', 'verify-live'] as const

export const FailureSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...found,
    /** Replay refused model calls, or recordings were never asked for: every problem. */
    kind: z.literal('replay'),
    problems: z.array(ReplayProblemSchema),
    ...classified,
  }),
  z.strictObject({
    ...found,
    /** A script step did not do what input.json says (an error, a wrong result, a timeout). */
    kind: z.literal('step'),
    /** `steps[2] (prompt s1 "…")`, when the runner knew the step. */
    step: z.string().optional(),
    /** The model error the agent answered the step with (`REPLAY_DRIFT`, `RATE_LIMIT`…), from the error's data. */
    modelError: z.string().optional(),
    /** The step waited past its timeout (what it waited for is in the message). */
    timedOut: z.literal(true).optional(),
    ...classified,
  }),
  z.strictObject({
    ...found,
    /** A committed file differs from what the run produced, or does not exist. */
    kind: z.literal('surface'),
    /** Repository-relative path. */
    file: z.string(),
    surface: z.enum(['transcript', 'session-log', 'sidecar']),
    /** Undefined when the file does not exist. */
    expected: z.string().optional(),
    actual: z.string(),
    /** The pin that owns the sidecar, when another scenario does. */
    pin: z.string().optional(),
    /** The tools offered to the model differ from the pinned ones (core/tool-drift.ts). */
    toolDrift: z.string().optional(),
    ...classified,
  }),
  z.strictObject({
    ...found,
    /** A fixture the scenario needs is not there (a session log, the golden). */
    kind: z.literal('missing-fixture'),
    file: z.string(),
    /** Why it is needed (`input.json creates 1 session`). */
    reason: z.string(),
  }),
  z.strictObject({
    ...found,
    /** The final cwd differs from workspace.expected/: one line per difference. */
    kind: z.literal('workspace'),
    differences: z.array(z.string()),
  }),
  /** A fixture no longer used, or a sidecar that repeats its pin's. */
  z.strictObject({ ...found, kind: z.enum(['obsolete', 'duplicate-sidecar']), file: z.string() }),
  z.strictObject({
    ...found,
    /** Record mode wrote nothing: --strict with warnings, a model script not used up, a write that failed. */
    kind: z.literal('recording'),
    strict: z.boolean().optional(),
    /** Record against the live provider: what the upstream did (unreachable, an HTTP error, an unreadable answer). */
    upstream: z.enum(UPSTREAM_PROBLEM_CODES).optional(),
  }),
  /**
   * The log count differs from the fixtures'; a secret was refused; the composition or process went
   * wrong; the scenario could not be read or was not run; a live run disagrees with the recording.
   */
  z.strictObject({ ...found, kind: z.enum(PLAIN_KINDS) }),
])

export type Failure = z.infer<typeof FailureSchema>

/**
 * What is wrong with a scenario's folder, found when it is loaded (core/fixture-files.ts): a
 * fixture missing, obsolete or a duplicate of its pin's, or anything else about its files.
 */
export type ScenarioProblem =
  | { kind: 'obsolete' | 'duplicate-sidecar'; file: string; message: string }
  | { kind: 'missing-fixture'; file: string; reason: string; message: string }
  | { kind: 'scenario'; message: string }

/** A loaded scenario's problem as the failure of its run. */
export function problemFailure(scenario: string, problem: ScenarioProblem): Failure {
  return { ...problem, scenario, message: `scenario ${scenario}: ${problem.message}` }
}

/** A failure of a plain kind, or a recording failure. */
export function failure(kind: (typeof PLAIN_KINDS)[number] | 'recording', scenario: string, message: string): Failure {
  return { kind, scenario, message }
}

/** The words of each failure, as reports print them. */
export const failureMessages = (failures: readonly { message: string }[]): string[] => failures.map((f) => f.message)
