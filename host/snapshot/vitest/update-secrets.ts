// The secret scan under vitest `-u`: the goldens and sidecars `-u` is about to write are scanned
// before any file snapshot is taken, so a hit refuses them all and the committed files stay byte
// for byte; the files `-u` leaves as they are (the session logs, another pin's sidecars) are the
// committed ones, scanned as replay scans them. Pure over the judge plan.
import type { JudgePlan } from '../core/judge-plan.ts'
import { type SecretGate, secretRefusal } from '../core/secrets/gate.ts'

/** What the scan says of an update: a refusal of the writes, and a committed secret `-u` does not cure. */
export function updateSecretProblems(gate: SecretGate, plan: JudgePlan, manifestFile: string): string[] {
  const writes = plan.surfaces.filter((s) => s.owner === 'snapshot' && s.actual !== s.target.text)
  const kept = plan.surfaces.filter((s) => !writes.includes(s))
  const refusal = secretRefusal(
    gate,
    writes.map((s) => ({ absolute: s.target.absolute, text: s.actual })),
    manifestFile,
  )
  const committed = secretRefusal(
    gate,
    kept.map((s) => ({ absolute: s.target.absolute, text: s.target.text })),
    manifestFile,
    true,
  )
  return [refusal, committed].filter((problem) => problem !== undefined)
}
