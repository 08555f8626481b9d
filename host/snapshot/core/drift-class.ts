// Drift classified before advice (issue 40; docs/nondeterminism.md): when a replay drifts, or a surface
// the agent computed differs, the host plays the scenario once more. Two live runs that differ from
// each other are nondeterministic — re-recording cannot help, a `normalize:` rule can; two that agree
// are a regression or an intended change. Pure: the caller runs the second replay.
import type { DriftClassification, Failure } from '../model/failure.ts'
import { liveDifference } from './propose-rule.ts'

interface Surfaces {
  transcript: readonly string[]
  sessionLogs: readonly string[]
}

/** A replay drift, or a committed golden or log the run differs from: what a second run can tell apart. */
export function needsSecondRun(failures: readonly Failure[]): boolean {
  return failures.some(
    (failure) =>
      (failure.kind === 'replay' && failure.problems.some((problem) => problem.code === 'REPLAY_DRIFT')) ||
      (failure.kind === 'step' && failure.modelError === 'REPLAY_DRIFT') ||
      (failure.kind === 'surface' &&
        failure.surface !== 'sidecar' &&
        failure.expected !== undefined &&
        !failure.toolDrift),
  )
}

/** The verdict from the two live runs' normalized surfaces. */
export function classifyDrift(first: Surfaces, second: Surfaces): DriftClassification {
  const difference = liveDifference(first, second)
  if (!difference) return { verdict: 'regression-or-intended' }
  return { verdict: 'nondeterministic', ...difference }
}

/** The classification some failure carries, if a second replay made one. */
export function classificationIn(failures: readonly Failure[]): DriftClassification | undefined {
  for (const failure of failures)
    if ((failure.kind === 'replay' || failure.kind === 'step' || failure.kind === 'surface') && failure.classification)
      return failure.classification
  return undefined
}

/** The failures with the classification on each one it explains (replay drift, its step, a differing surface). */
export function withClassification(failures: readonly Failure[], classification: DriftClassification): Failure[] {
  return failures.map((failure) =>
    failure.kind === 'replay' ||
    (failure.kind === 'step' && failure.modelError?.startsWith('REPLAY_')) ||
    failure.kind === 'surface'
      ? { ...failure, classification }
      : failure,
  )
}
