// The CLI's verdict on one run (pure), from the judge plan (judge-plan.ts): what failed and —
// in record / refresh mode — which files to rewrite and delete. Nothing here touches the disk.
import { compareSurface, type SurfaceKind } from './diff.ts'
import type { RunMode } from './fixtures.ts'
import type { JudgePlan } from './judge-plan.ts'

/** A surface that differs from its committed file: what the HTML report shows side by side. */
export interface SurfaceMismatch {
  /** Repository-relative path of the committed file. */
  file: string
  kind: SurfaceKind
  /** undefined when the file does not exist. */
  expected: string | undefined
  actual: string
}

export interface Assessment {
  failures: string[]
  mismatches: SurfaceMismatch[]
  writes: Array<{ absolute: string; file: string; text: string }>
  /** Logs of sessions the new run no longer opens (record / refresh only). */
  deletes: Array<{ absolute: string; file: string }>
}

export function assessRun(scenario: string, plan: JudgePlan, mode: RunMode): Assessment {
  const assessment: Assessment = { failures: [], mismatches: [], writes: [], deletes: [] }
  // record / refresh rewrite every file this scenario writes; the rest is compared.
  const rewriting = mode !== 'replay'
  // A wrong log count fails the run unless this rewrite records the logs anew.
  const countFails = !!plan.logCount && !(rewriting && plan.logCount.recorded)
  if (countFails) assessment.failures.push(plan.logCount!.message)
  for (const surface of plan.surfaces) {
    const { target, actual, kind } = surface
    if (countFails && kind === 'session-log') continue
    if (rewriting && surface.owner !== 'elsewhere') {
      if (target.text !== actual) assessment.writes.push({ absolute: target.absolute, file: target.file, text: actual })
      continue
    }
    const failure = compareSurface({ scenario, file: target.file, expected: target.text, actual, kind })
    if (!failure) continue
    assessment.failures.push(surface.drift ? `scenario ${scenario}: ${surface.drift}\n${failure}` : failure)
    assessment.mismatches.push({ file: target.file, kind, expected: target.text, actual })
  }
  if (rewriting) for (const { absolute, file } of plan.staleLogs) assessment.deletes.push({ absolute, file })
  return assessment
}
