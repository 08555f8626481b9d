// Rules across scenarios: one pin per header class, sidecar and session sources
// that point at something real. Pure over the loaded manifests.
import type { ScenarioManifest } from './manifest.ts'

interface CorpusProblem {
  /** The scenario whose manifest must change. */
  scenario: string
  /** The field in that manifest, e.g. `header.systemPromptSource`. */
  field: string
  message: string
}

export function corpusProblems(manifests: readonly ScenarioManifest[]): CorpusProblem[] {
  const byName = new Map(manifests.map((m) => [m.scenario, m]))
  return [
    ...pinProblems(manifests),
    ...manifests.flatMap((manifest) => [
      ...sidecarSourceProblems(manifest, byName),
      ...sessionSourceProblems(manifest, byName),
    ]),
  ]
}

/** Each header class has exactly one pin. */
function pinProblems(manifests: readonly ScenarioManifest[]): CorpusProblem[] {
  const problems: CorpusProblem[] = []
  const classes = new Map<string, ScenarioManifest[]>()
  for (const manifest of manifests) {
    if (!manifest.header) continue
    const members = classes.get(manifest.header.class) ?? []
    members.push(manifest)
    classes.set(manifest.header.class, members)
  }
  for (const [headerClass, members] of classes) {
    const [first] = members
    const [pin, ...extras] = members.filter((m) => m.header?.pin)
    if (pin === undefined) {
      if (first === undefined) continue
      problems.push({
        scenario: first.scenario,
        field: 'header.pin',
        message:
          `header class ${headerClass} has no pin (members: ${members.map((m) => m.scenario).join(', ')}); ` +
          `set pin: true on exactly one of them`,
      })
    } else {
      for (const extra of extras) {
        problems.push({
          scenario: extra.scenario,
          field: 'header.pin',
          message:
            `header class ${headerClass} already has the pin ${pin.scenario}; a class has exactly one ` +
            `pin, so remove pin here`,
        })
      }
    }
  }
  return problems
}

/** A sidecar source names an existing pin that owns that sidecar itself. */
function sidecarSourceProblems(
  manifest: ScenarioManifest,
  byName: ReadonlyMap<string, ScenarioManifest>,
): CorpusProblem[] {
  const problems: CorpusProblem[] = []
  for (const field of ['systemPromptSource', 'toolSchemasSource'] as const) {
    const source = manifest.header?.[field]
    if (source === undefined) continue
    const target = byName.get(source)
    const problem = (message: string) =>
      problems.push({ scenario: manifest.scenario, field: `header.${field}`, message })
    if (!target) problem(`scenario ${source} does not exist`)
    else if (!target.header?.pin) problem(`${source} is not a pin; name the pin that owns the sidecar`)
    else if (target.header[field] !== undefined)
      problem(`${source} does not own that sidecar either (it names ${target.header[field]}); name the owner directly`)
  }
  return problems
}

/** A session source names an existing scenario that records its own logs. */
function sessionSourceProblems(
  manifest: ScenarioManifest,
  byName: ReadonlyMap<string, ScenarioManifest>,
): CorpusProblem[] {
  const sessionSource = manifest.session?.source
  if (sessionSource === undefined) return []
  const target = byName.get(sessionSource)
  const problem = (message: string) => [{ scenario: manifest.scenario, field: 'session.source', message }]
  if (!target) return problem(`scenario ${sessionSource} does not exist`)
  if (target.session)
    return problem(
      `${sessionSource} reuses ${target.session.source}'s logs itself; name ${target.session.source} directly`,
    )
  return []
}
