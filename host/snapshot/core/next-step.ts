// What to run next after a scenario failed (pure): one command from the scenario's provenance
// (`recording:` in snapshot.yml) and the kind of failure. The CLI, vitest and the HTML report
// all ask here, so a stub-recorded scenario is never told to re-record against the live model.
import type { DriftClassification } from '../model/failure.ts'

/**
 * The failure kinds the host tells apart. The first five mean the model script no longer fits
 * the run (replay refused): only a new recording, or a hand edit, settles them.
 */
export type FailureKind =
  | 'drift'
  | 'exhausted'
  | 'unconsumed'
  | 'extra-session'
  | 'missing-fixture'
  | 'log-count'
  | 'tool-drift'
  | 'golden'
  | 'session-log'
  | 'sidecar'
  | 'workspace'
  | 'obsolete'
  | 'duplicate-sidecar'
  | 'step-error'
  | 'recording-warnings'
  | 'other'

const SCRIPT_MISFITS: readonly FailureKind[] = [
  'drift',
  'exhausted',
  'unconsumed',
  'extra-session',
  'missing-fixture',
  'log-count',
  'tool-drift',
]

/** True when the recorded model script no longer fits the run (refresh cannot help). */
const scriptMisfit = (kind: FailureKind): boolean => SCRIPT_MISFITS.includes(kind)

export interface NextStep {
  /** The one command (or edit) to run when the change is intended. */
  command: string
  /** What the command needs or does, briefly; absent when the command says it all. */
  note?: string
}

interface NextStepInput {
  scenario: string
  /** `recording:` from snapshot.yml: stub | live | authored | imported | a future value (treated like authored). */
  recording: string | undefined
  kind: FailureKind
  /** A sidecar another scenario pins: that pin rewrites it. */
  pin?: string
  /** Where the command is run from: vitest offers `-u` for what vitest's file snapshots hold. */
  front?: 'cli' | 'vitest'
  /** A second replay told nondeterminism from a change (core/drift-class.ts). */
  classification?: DriftClassification
}

export function nextStep(input: NextStepInput): NextStep {
  const { scenario, recording, kind, pin, front = 'cli', classification } = input
  const refresh = `npx dsh test ${scenario} --mode refresh`
  if (classification) return classifiedStep(input, classification)
  if (kind === 'tool-drift' && pin) return ownHeaderClass(scenario, recording, pin)
  // The pin's own sidecars changed (a tool added to the profile, another system prompt): re-pin them all.
  if ((kind === 'tool-drift' || kind === 'sidecar') && !pin) return repin(scenario, recording)
  if (scriptMisfit(kind)) return rerecord(scenario, recording)
  switch (kind) {
    case 'golden':
      return front === 'vitest'
        ? { command: `npx vitest run -u -t '^${scenario}$'`, note: `or: ${refresh}` }
        : { command: refresh, note: `or: npx vitest run -u -t '^${scenario}$'` }
    case 'sidecar':
      if (pin) return { command: `npx dsh test ${pin} --mode refresh`, note: `the sidecar belongs to the pin ${pin}` }
      return nextStep({ scenario, recording, kind: 'golden', front })
    case 'session-log':
      return { command: refresh, note: 'rewrites the log keylessly from the recorded model script (-u never does)' }
    case 'workspace':
      return {
        command: `edit scenarios/${scenario}/workspace.expected/`,
        note: 'it holds the final workspace; no mode rewrites it',
      }
    case 'obsolete':
      return { command: refresh, note: `or: npx vitest run -u -t '^${scenario}$' (removes the obsolete files)` }
    case 'duplicate-sidecar':
      return {
        command: refresh,
        note: 'it deletes the copy and names the pin that keeps the same file as the source in snapshot.yml',
      }
    case 'recording-warnings': {
      const again = rerecord(scenario, recording)
      return {
        command: again.command,
        note: 'after fixing the recording warnings listed below; without --strict it keeps them',
      }
    }
    case 'step-error':
      return {
        command: `fix the agent, or edit scenarios/${scenario}/input.json`,
        note: 'add "expectError" to the step when the error is the behaviour under test',
      }
    default:
      return { command: `fix the agent, or the fixtures of scenario ${scenario}` }
  }
}

/**
 * Nondeterministic: re-recording cannot help, a `normalize:` rule can (then refresh writes the tokens).
 * Agreeing runs: fix the tool first (a regression), else record or refresh (an intended change).
 */
function classifiedStep(input: NextStepInput, classification: DriftClassification): NextStep {
  const { scenario } = input
  const refresh = `npx dsh test ${scenario} --mode refresh`
  if (classification.verdict === 'nondeterministic')
    return {
      command: classification.rule
        ? `add the normalize: rule below to scenarios/${scenario}/snapshot.yml (or dsh.config.yml), then ${refresh}`
        : `add a normalize: rule for the span below to scenarios/${scenario}/snapshot.yml, then ${refresh}`,
      note:
        'two replays differ from each other, so re-recording cannot help ' +
        '(normalize: rules; dsh docs: nondeterminism.md)',
    }
  const unclassified = nextStep({ ...input, classification: undefined })
  return {
    command: `fix the tool or the agent if this change is a regression`,
    note: `two replays agree, so the change is real; if it is intended: ${unclassified.command}`,
  }
}

/** One command re-pins every class a profile change touched; a new recording only if answers would change. */
function repin(scenario: string, recording: string | undefined): NextStep {
  return {
    command: 'npx dsh test --mode refresh --pins',
    note:
      'keyless: re-pins every header class whose tools, system prompt or models changed and lists what changed; ' +
      `if the model would now answer ${scenario} differently: ${rerecord(scenario, recording).command}`,
  }
}

/** The model script no longer fits: record again the way the scenario was recorded. */
function rerecord(scenario: string, recording: string | undefined): NextStep {
  if (recording === 'stub')
    return {
      command: `npx dsh test ${scenario} --mode record --stub`,
      note: `keyless: re-records against scenarios/${scenario}/model.yml`,
    }
  if (recording === 'live')
    return {
      command: `npx dsh test ${scenario} --mode record`,
      note: 'needs the model\'s key (its adapter\'s variable or key file; README "Run the agent")',
    }
  // authored, imported and anything newer: nothing re-records it.
  return {
    command:
      `edit scenarios/${scenario}/session.jsonl (or replay.override.json), ` +
      `then npx dsh test ${scenario} --mode refresh`,
    note: `recording: ${recording ?? 'unknown'} is never re-recorded; fix the fixtures by hand`,
  }
}

/**
 * The tools differ from the ones another scenario pins for the class: a scenario with tools of its
 * own (an MCP server, a plugin) pins them itself, and keeps sharing the pin's system prompt.
 */
function ownHeaderClass(scenario: string, recording: string | undefined, pin: string): NextStep {
  const header = `header: { class: ${scenario}, pin: true, systemPromptSource: ${pin} }`
  return {
    command: `set ${header} in scenarios/${scenario}/snapshot.yml, then ${rerecord(scenario, recording).command}`,
    note: `or, when every scenario of the class has these tools now: re-record the pin ${pin}`,
  }
}
