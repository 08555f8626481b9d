// The words of a refused fixture write: each hit by file, line, column, rule and a masked excerpt,
// then the two ways on, spelled for the scenario's own manifest.
import type { SecretHit } from '../../../../lib/secrets/scan.ts'

const SHOWN = 10

export function describeSecretHits(
  hits: readonly SecretHit[],
  where: { scenario: string; manifest: string; committed?: boolean },
): string {
  const count = hits.length === 1 ? 'a possible secret' : `${hits.length} possible secrets`
  const lines = hits.slice(0, SHOWN).map((h) => `  ${h.file}:${h.line}:${h.column} ${h.rule} (${h.what}): ${h.masked}`)
  if (hits.length > SHOWN) lines.push(`  … and ${hits.length - SHOWN} more`)
  const [first] = hits
  if (!first) throw new Error('describeSecretHits: no hit to describe; call it only for a refused write')
  // Replay reads committed fixtures: re-record (or refresh) once the manifest redacts or allows it.
  const verdict = where.committed ? 'in committed fixtures (re-record after redacting)' : 'nothing was written'
  return [
    `secret scan: scenario ${where.scenario}: ${count}; ${verdict}`,
    ...lines,
    `Remove it where it came from (the workspace, the prompt, the model script), or add to ${where.manifest}:`,
    `  redact: [{ rule: ${first.rule}, token: "{{secret:${first.rule}}}" }]   # replaced alike in logs and goldens`,
    `  allow: [{ rule: ${first.rule}, file: ${first.file} }]                  # when it is not a secret`,
  ].join('\n')
}
