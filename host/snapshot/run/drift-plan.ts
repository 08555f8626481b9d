// `--mode record-drifted`, the judging half (pure): after a replay of the selection, which
// scenarios failed because the recorded model exchange no longer fits the agent (replay drift
// or exhaustion), so re-recording is the fix, and which failed otherwise and are left alone.
import type { ScenarioManifest } from '../scenario/manifest.ts'

/** Replay problems (plugins/llm-replay/errors.ts) that a new recording resolves. */
const RERECORD_CODES = ['REPLAY_DRIFT', 'REPLAY_EXHAUSTED', 'REPLAY_EXTRA_SESSION', 'REPLAY_UNCONSUMED'] as const

interface ReplayProblemSeen {
  code: string
  /** The problem's first line, as replay wrote it (it names the log, turn and step). */
  summary: string
}

interface ReplayedOutcome {
  scenario: string
  ok: boolean
  failures: readonly string[]
}

interface DriftPlan {
  /** Re-record these, in this order; each with the replay problems that call for it. */
  rerecord: Array<{ scenario: string; problems: ReplayProblemSeen[] }>
  /** Replayed green: left untouched. */
  green: string[]
  /** Failed, but not in a way a recording fixes (or this scenario cannot be recorded): left untouched. */
  untouched: Array<{ scenario: string; why: string }>
}

// The two shapes replay problems reach an outcome in: the in-process `verify()` message
// (`1. [REPLAY_DRIFT] …`, plugins/llm-replay/errors.ts) and the subprocess's stderr line
// (`llm-replay: REPLAY_DRIFT: …`, which judge.ts prefixes with the scenario).
const PROBLEM_LINE = /^(?:\d+\. \[(REPLAY_[A-Z_]+)\] |(?:scenario \S+: )?llm-replay: (REPLAY_[A-Z_]+): )(.*)$/gm

/** The replay problems named in a scenario's failures, in order, without repeats. */
function replayProblemsIn(failures: readonly string[]): ReplayProblemSeen[] {
  const seen = new Map<string, ReplayProblemSeen>()
  for (const failure of failures) {
    for (const match of failure.matchAll(PROBLEM_LINE)) {
      const problem = { code: (match[1] ?? match[2]) as string, summary: clip(match[3] as string) }
      seen.set(`${problem.code} ${problem.summary}`, problem)
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
    const drifted = problems.filter((p) => (RERECORD_CODES as readonly string[]).includes(p.code))
    const manifest = manifests.get(outcome.scenario)
    if (!drifted.length) {
      const codes = problems.map((p) => p.code)
      plan.untouched.push({
        scenario: outcome.scenario,
        why: codes.length
          ? `failed with ${[...new Set(codes)].join(', ')}, which a new recording does not fix`
          : 'failed without replay drift or exhaustion (see its failures; --mode refresh accepts changed goldens)',
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

function codesOf(problems: readonly ReplayProblemSeen[]): string {
  return [...new Set(problems.map((p) => p.code))].join(', ')
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 297)}...` : text
}
