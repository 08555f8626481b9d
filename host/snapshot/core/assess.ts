// The CLI's verdict on one run (pure), from the judge plan (judge-plan.ts): what failed and —
// in record / refresh mode — which files to rewrite and delete. Nothing here touches the disk.
import type { Failure } from '../model/failure.ts'
import { compareSurface } from './diff.ts'
import type { RunMode } from '../model/modes.ts'
import type { JudgePlan } from './judge-plan.ts'

export interface Assessment {
  failures: Failure[]
  writes: Array<{ absolute: string; file: string; text: string }>
  /** Logs of sessions the new run no longer opens (record / refresh only). */
  deletes: Array<{ absolute: string; file: string }>
}

export function assessRun(scenario: string, plan: JudgePlan, mode: RunMode): Assessment {
  const assessment: Assessment = { failures: [], writes: [], deletes: [] }
  // record / refresh rewrite every file this scenario writes; the rest is compared.
  const rewriting = mode !== 'replay'
  // A wrong log count fails the run unless this rewrite records the logs anew.
  const countFails = !!plan.logCount && !(rewriting && plan.logCount.recorded)
  if (countFails && plan.logCount)
    assessment.failures.push({ kind: 'log-count', scenario, message: plan.logCount.message })
  for (const surface of plan.surfaces) {
    const { target, actual, kind } = surface
    if (countFails && kind === 'session-log') continue
    if (rewriting && surface.owner !== 'elsewhere') {
      if (target.text !== actual) assessment.writes.push({ absolute: target.absolute, file: target.file, text: actual })
      continue
    }
    const compared = compareSurface({ scenario, file: target.file, expected: target.text, actual, kind })
    if (!compared) continue
    assessment.failures.push({
      kind: 'surface',
      scenario,
      message: surface.drift ? `scenario ${scenario}: ${surface.drift}\n${compared}` : compared,
      file: target.file,
      surface: kind,
      expected: target.text,
      actual,
      ...(surface.pin ? { pin: surface.pin } : {}),
      ...(surface.drift ? { toolDrift: surface.drift } : {}),
    })
  }
  if (rewriting) for (const { absolute, file } of plan.staleLogs) assessment.deletes.push({ absolute, file })
  return assessment
}
