// `--mode record-drifted`, the judging half (pure): after a replay of the selection, which
// scenarios failed because the recorded model exchange no longer fits the agent (replay drift
// or exhaustion), so re-recording is the fix, and which failed otherwise and are left alone.
import type { ScenarioManifest } from '../scenario/manifest.ts'
import type { Failure } from '../model/failure.ts'
import { REPLAY_ERROR_CODES } from '../../../plugins/llm-replay/errors.ts'
import { docFile } from '../../../lib/package-root.ts'

/** Replay problems a new recording resolves: every one its verification reports (plugins/llm-replay/errors.ts). */
const RERECORD_CODES: readonly string[] = REPLAY_ERROR_CODES

interface ReplayProblemSeen {
  code: string
  /** The problem's first line, as replay wrote it (it names the log, turn and step). */
  summary: string
}

interface ReplayedOutcome {
  scenario: string
  ok: boolean
  failures: readonly Failure[]
}

interface DriftPlan {
  /** Re-record these, in this order; each with the replay problems that call for it. */
  rerecord: Array<{ scenario: string; problems: ReplayProblemSeen[] }>
  /** Replayed green: left untouched. */
  green: string[]
  /** Failed, but not in a way a recording fixes (or this scenario cannot be recorded): left untouched. */
  untouched: Array<{ scenario: string; why: string }>
}

/** A scenario's replay problems, in order, without repeats; a step's model error when replay said no more. */
function replayProblemsIn(failures: readonly Failure[]): ReplayProblemSeen[] {
  const seen = new Map<string, ReplayProblemSeen>()
  for (const failure of failures) {
    if (failure.kind !== 'replay') continue
    for (const problem of failure.problems) {
      const summary = clip(problem.message.split('\n', 1)[0] ?? '')
      seen.set(`${problem.code} ${summary}`, { code: problem.code, summary })
    }
  }
  if (seen.size) return [...seen.values()]
  for (const failure of failures) {
    if (failure.kind === 'step' && failure.modelError?.startsWith('REPLAY_')) {
      seen.set(failure.modelError, { code: failure.modelError, summary: clip(failure.message.split('\n', 1)[0] ?? '') })
    }
  }
  return [...seen.values()]
}

export function planRerecord(
  outcomes: readonly ReplayedOutcome[],
  manifests: ReadonlyMap<string, ScenarioManifest>,
): DriftPlan {
  const plan: DriftPlan = { rerecord: [], green: [], untouched: [] }
  for (const outcome of outcomes) {
    if (outcome.ok) {
      plan.green.push(outcome.scenario)
      continue
    }
    const problems = replayProblemsIn(outcome.failures)
    const drifted = problems.filter((p) => RERECORD_CODES.includes(p.code))
    const manifest = manifests.get(outcome.scenario)
    const repin = pinDrift(outcome.failures)
    if (!drifted.length && repin) {
      plan.untouched.push({
        scenario: outcome.scenario,
        why:
          `its pinned header changed (${repin}) but replay did not drift, so a new recording is not needed: ` +
          're-pin with npx dsh test --mode refresh --pins (or record it by name if the model would now answer ' +
          'differently)',
      })
    } else if (!drifted.length) {
      const codes = problems.map((p) => p.code)
      plan.untouched.push({
        scenario: outcome.scenario,
        why: codes.length
          ? `failed with ${[...new Set(codes)].join(', ')}, which a new recording does not fix`
          : 'failed without replay drift or exhaustion (see its failures; --mode refresh accepts changed goldens)',
      })
    } else if (nondeterministic(outcome.failures)) {
      plan.untouched.push({
        scenario: outcome.scenario,
        why:
          `drifted (${codesOf(drifted)}) but two replays differ from each other: a new recording would drift ` +
          `again; add the normalize: rule its failure proposes (${docFile('nondeterminism.md')}), then --mode refresh`,
      })
    } else if (manifest?.recording === 'authored') {
      plan.untouched.push({
        scenario: outcome.scenario,
        why: `drifted (${codesOf(drifted)}) but is authored: fix its session.jsonl or replay.override.json by hand`,
      })
    } else if (manifest?.session) {
      plan.untouched.push({
        scenario: outcome.scenario,
        why:
          `drifted (${codesOf(drifted)}) in the logs of scenarios/${manifest.session.source}: ` +
          're-record that scenario',
      })
    } else {
      plan.rerecord.push({ scenario: outcome.scenario, problems: drifted })
    }
  }
  return plan
}

/** What record-drifted prints before it records anything. */
export function formatDriftPlan(plan: DriftPlan): string[] {
  const lines = [
    `record-drifted: ${plan.rerecord.length} to re-record, ${plan.green.length} green, ` +
      `${plan.untouched.length} failing otherwise (left untouched)`,
  ]
  for (const { scenario, problems } of plan.rerecord) {
    lines.push(`  re-record ${scenario}:`)
    for (const problem of problems) lines.push(`    [${problem.code}] ${problem.summary}`)
  }
  for (const { scenario, why } of plan.untouched) lines.push(`  leave ${scenario}: ${why}`)
  return lines
}

/** What changed in a pin's own sidecars (tools by name, or which sidecar), when that is how it failed. */
function pinDrift(failures: readonly Failure[]): string | undefined {
  for (const failure of failures) {
    if (failure.kind !== 'surface' || failure.surface !== 'sidecar' || failure.pin) continue
    if (failure.toolDrift) return failure.toolDrift
    return `${failure.file} differs`
  }
  return undefined
}

/** A second replay differed from the first (core/drift-class.ts). */
function nondeterministic(failures: readonly Failure[]): boolean {
  return failures.some(
    (failure) =>
      (failure.kind === 'replay' || failure.kind === 'step' || failure.kind === 'surface') &&
      failure.classification?.verdict === 'nondeterministic',
  )
}

function codesOf(problems: readonly ReplayProblemSeen[]): string {
  return [...new Set(problems.map((p) => p.code))].join(', ')
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 297)}...` : text
}
