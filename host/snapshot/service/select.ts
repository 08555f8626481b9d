// Which scenarios a run takes, from a comma-separated list of names or globs (DSH_SNAPSHOT_SCENARIOS),
// and in which order: class pins first, so a refresh rewrites their sidecars before the
// scenarios that are checked against them.
import type { RunMode } from '../model/modes.ts'
import { discoverScenarios, type LoadedScenario } from '../scenario/discover.ts'
import { GLOB, ScenarioSelectionError, selectScenarioNames } from '../scenario/select.ts'
import { SnapshotHostError } from './guard.ts'
import { plural } from '../../../lib/plural.ts'

export async function selectScenarios(
  repoRoot: string,
  list: string,
  mode: RunMode,
): Promise<{ scenarios: LoadedScenario[]; corpus: LoadedScenario[] }> {
  const { scenarios: corpus, failures } = await discoverScenarios(repoRoot, { mode })
  const known = [...corpus.map((s) => s.name), ...failures.map((f) => f.name)].sort()
  const existing = `scenarios in ${repoRoot}/scenarios: ${known.join(', ') || '(none)'}`
  const names = list.split(',').map((name) => name.trim())
  if (!list.trim() || names.some((name) => !name))
    throw new SnapshotHostError(
      `DSH_SNAPSHOT_SCENARIOS ${list.trim() ? `has an empty name in "${list}"` : 'is empty or not set'}; set it to ` +
        `comma-separated scenario names, e.g. ` +
        `DSH_SNAPSHOT_SCENARIOS=${known.slice(0, 2).join(',') || 'text-turn'}. ${existing}`,
    )
  const unknown = names.filter((name) => !GLOB.test(name) && !known.includes(name))
  if (unknown.length)
    throw new SnapshotHostError(
      `DSH_SNAPSHOT_SCENARIOS names no scenario called ${unknown.map((n) => `"${n}"`).join(', ')}; ${existing}`,
    )
  let chosen: string[]
  try {
    chosen = selectScenarioNames(names, known)
  } catch (error) {
    if (!(error instanceof ScenarioSelectionError)) throw error
    throw new SnapshotHostError(`DSH_SNAPSHOT_SCENARIOS: ${error.message}; ${existing}`)
  }
  const broken = failures.filter((failure) => chosen.includes(failure.name))
  if (broken.length)
    throw new SnapshotHostError(
      `${plural(broken.length, 'scenario')} could not be loaded:\n` +
        broken.map((failure) => `  ${failure.error.message}`).join('\n'),
    )
  const wanted = new Set(chosen)
  return { scenarios: pinsFirst(corpus.filter((s) => wanted.has(s.name))), corpus }
}

/** Class pins first; otherwise the order is kept. */
export function pinsFirst(scenarios: readonly LoadedScenario[]): LoadedScenario[] {
  return [...scenarios].sort((a, b) => Number(!!b.manifest.header?.pin) - Number(!!a.manifest.header?.pin))
}
