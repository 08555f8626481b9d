// What a scenario's run is judged on, planned once (pure): each surface it owns or only reads —
// the transcript golden, the session logs, the class pin's sidecars —, its committed file and
// the run's text for it, who writes that file, and the log-count rule. The CLI (assess.ts, with
// plugin/judge.ts writing what it decides), the HTML report (its mismatches) and vitest
// (vitest/judge-scenario.ts, with file snapshots) all judge from this plan.
import { plural } from '../../../lib/plural.ts'
import type { ExpectedFixtures, FixtureFile } from './fixtures.ts'
import type { SurfaceKind } from './diff.ts'
import { renderSystemPromptSidecar, renderToolSchemasSidecar } from './normalize/header-sidecars.ts'
import { toolDrift } from './tool-drift.ts'
import type { NormalizedRun } from './normalize/run.ts'
import { nextStep } from './next-step.ts'
import { sessionLogFileName } from './fixture-files.ts'

/**
 * Who writes a surface's file: `snapshot` — this scenario, on refresh / record and under vitest
 * `-u` (the golden, the sidecars it pins); `recording` — this scenario on refresh / record only
 * (its session logs: the model script, which `-u` never rewrites); `elsewhere` — another
 * scenario (the pin's sidecars, a session source's logs), so this one only checks it.
 */
type SurfaceOwner = 'snapshot' | 'recording' | 'elsewhere'

interface PlannedSurface {
  kind: SurfaceKind
  target: FixtureFile
  /** What the run gives for the file. */
  actual: string
  owner: SurfaceOwner
  /** For a file `-u` does not rewrite: whose it is and what to run when the change is intended. */
  note?: string
  /** A sidecar another scenario pins: its name (that pin rewrites the file). */
  pin?: string
  /** The tool-schemas sidecar differs: which tools were added, removed or changed (tool-drift.ts). */
  drift?: string
}

export interface JudgePlan {
  /** The golden, then the logs (unless their count is wrong), then the sidecars. */
  surfaces: PlannedSurface[]
  /**
   * The run opened another number of sessions than the fixtures hold: the message, and whether
   * this scenario records its logs (then they are planned, and a rewrite settles the count;
   * otherwise none is planned and the message fails the run in every mode).
   */
  logCount?: { message: string; recorded: boolean }
  /** Committed logs of sessions the run no longer opens (a rewrite deletes them). */
  staleLogs: FixtureFile[]
}

interface PlanInput {
  scenario: string
  /** Absolute scenario folder, for logs that do not exist yet. */
  dir: string
  expected: ExpectedFixtures
  run: NormalizedRun
}

export function planJudgement({ scenario, dir, expected, run }: PlanInput): JudgePlan {
  const surfaces: PlannedSurface[] = [
    { kind: 'transcript', target: expected.golden, actual: linesText(run.transcript), owner: 'snapshot' },
  ]
  const recorded = !expected.logsReadOnly
  const produced = run.sessionLogs.length
  const held = expected.logs.length
  const logCount =
    produced === held
      ? undefined
      : {
          message:
            `scenario ${scenario}: the run produced ${plural(produced, 'session log')}, the fixtures hold ${held} ` +
            `(${expected.logs.map((log) => log.file).join(', ') || 'none'}); ` +
            `${recorded ? 'the recorded model script no longer fits the run' : 'fix input.json'}`,
          recorded,
        }
  if (!logCount || recorded) {
    run.sessionLogs.forEach((actual, index) => {
      const target = expected.logs[index] ?? {
        file: `scenarios/${scenario}/${sessionLogFileName(index)}`,
        absolute: `${dir}/${sessionLogFileName(index)}`,
        text: undefined,
      }
      const note = recorded
        ? `${target.file} is the model script, so -u never rewrites it; if the change is intended: ` +
          nextStep({ scenario, recording: undefined, kind: 'session-log' }).command
        : `${target.file} belongs to the session source and is only read here`
      surfaces.push({ kind: 'session-log', target, actual, owner: recorded ? 'recording' : 'elsewhere', note })
    })
  }
  const header = expected.header
  const headers = run.headers.flat()
  if (header && headers.length) {
    const sidecar = (target: FixtureFile, actual: string, owned: boolean): PlannedSurface =>
      owned
        ? { kind: 'sidecar', target, actual, owner: 'snapshot' }
        : {
            kind: 'sidecar',
            target,
            actual,
            owner: 'elsewhere',
            pin: header.pin,
            note:
              `${target.file} belongs to the pin ${header.pin}; ` +
              `if the change is intended: ` +
              nextStep({ scenario, recording: undefined, kind: 'sidecar', pin: header.pin }).command,
          }
    surfaces.push(sidecar(header.system, renderSystemPromptSidecar(headers), header.ownsSidecars.system))
    const tools = sidecar(header.tools, renderToolSchemasSidecar(headers), header.ownsSidecars.tools)
    const pinnedBy = header.ownsSidecars.tools ? undefined : { pin: header.pin, file: header.tools.file }
    const drift = toolDrift(header.tools.text, tools.actual, pinnedBy)
    surfaces.push(drift ? { ...tools, drift } : tools)
  }
  return { surfaces, logCount, staleLogs: recorded ? expected.logs.slice(produced) : [] }
}

/** A transcript as the golden file holds it: one line each, newline-terminated. */
export function linesText(lines: readonly string[]): string {
  return lines.length ? `${lines.join('\n')}\n` : ''
}
