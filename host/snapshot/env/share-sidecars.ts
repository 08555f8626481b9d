// Record and refresh never leave a pin keeping a sidecar byte-identical to another pin's: the
// replay guard (scenario/fixture-content.ts duplicateSidecarProblems) would refuse the next run.
// Instead of writing (or keeping) the copy, the pin's snapshot.yml names the owner as
// `header.systemPromptSource` / `header.toolSchemasSource`, in the same all-or-none write as the
// other fixtures (write-fixtures.ts). Reads the other pins' committed sidecars; writes nothing itself.
import { basename, join } from 'node:path'
import type { Assessment } from '../core/assess.ts'
import type { JudgePlan } from '../core/judge-plan.ts'
import { type LoadedScenario, pinSidecars } from '../scenario/discover.ts'
import { sharedSidecars } from '../scenario/fixture-content.ts'
import { SIDECAR_SYSTEM_PROMPT, SIDECAR_TOOL_SCHEMAS } from '../core/fixture-files.ts'
import { setHeaderSources, type SidecarSourceField } from '../scenario/header-source-line.ts'
import { readFixtureSync } from '../io/safe-fixture-io.ts'

interface SharedWrites {
  assessment: Pick<Assessment, 'writes' | 'deletes'>
  /** The rewritten manifest and what the run's output says about it; undefined when nothing is shared. */
  manifest?: { file: string; written: string }
  /** The manifest could not name the owner: the copies are not written either, and this says what to add. */
  problem?: string
}

/** The assessment's writes with every sidecar copy of another pin's replaced by the manifest naming that pin. */
export function shareIdenticalSidecars(
  repoRoot: string,
  scenario: LoadedScenario,
  corpus: readonly LoadedScenario[],
  plan: JudgePlan,
  assessment: Pick<Assessment, 'writes' | 'deletes'>,
): SharedWrites {
  const owned = plan.surfaces.filter((surface) => surface.kind === 'sidecar' && surface.owner === 'snapshot')
  if (!owned.length) return { assessment }
  const actual = (file: string) => owned.find((surface) => basename(surface.target.absolute) === file)?.actual
  const read = (absolute: string) => {
    try {
      return readFixtureSync(repoRoot, absolute)
    } catch {
      return undefined // a guarded or unreadable sidecar is reported by discovery
    }
  }
  // The recorded pin ranks below every other (namedAsSource -1): it takes the committed file as
  // its source rather than leave another pin, established or not, with a copy of its new one. A
  // sidecar other pins already take from it stays its own (a source must own the file: no chains).
  const pins = pinSidecars(corpus, read).map((pin) =>
    pin.scenario === scenario.name
      ? { ...pin, namedAsSource: -1, system: actual(SIDECAR_SYSTEM_PROMPT), tools: actual(SIDECAR_TOOL_SCHEMAS) }
      : pin,
  )
  const namesIt = (option: SidecarSourceField) => corpus.some((s) => s.manifest.header?.[option] === scenario.name)
  const shared = sharedSidecars(pins).filter((entry) => entry.scenario === scenario.name && !namesIt(entry.option))
  if (!shared.length) return { assessment }
  const copies = owned.filter((surface) => shared.some((entry) => basename(surface.target.absolute) === entry.file))
  const file = `scenarios/${scenario.name}/snapshot.yml`
  const absolute = join(scenario.dir, 'snapshot.yml')
  const sources: Partial<Record<SidecarSourceField, string>> = {}
  for (const entry of shared) sources[entry.option] = entry.owner
  const kept = assessment.writes.filter((write) => !copies.some((copy) => copy.target.absolute === write.absolute))
  let text: string
  try {
    const current = read(absolute)
    if (current === undefined) throw new Error(`${file} is gone; the recording's manifest must stay in place`)
    text = setHeaderSources(current, sources, file)
  } catch (error) {
    return {
      assessment: { ...assessment, writes: kept },
      problem: `scenario ${scenario.name}: ${(error as Error).message}`,
    }
  }
  const settings = shared.map((entry) => `header.${entry.option}: ${entry.owner}`).join(', ')
  const files = shared.map((entry) => `scenarios/${entry.owner}/${entry.file}`).join(', ')
  return {
    assessment: {
      writes: [...kept, { absolute, file, text }],
      deletes: [
        ...assessment.deletes,
        ...copies
          .filter((copy) => copy.target.text !== undefined)
          .map(({ target }) => ({ absolute: target.absolute, file: target.file })),
      ],
    },
    manifest: { file, written: `${file} (${settings}: the run's copy would equal ${files}, so none is kept)` },
  }
}
