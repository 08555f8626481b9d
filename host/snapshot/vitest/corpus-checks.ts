// Checks across scenario folders that no single scenario's test sees: folders holding scenario files
// without a snapshot.yml, and goldens or sidecars left behind by removed scenarios (reported as
// obsolete in vitest's summary; -u removes exactly those files, printing their names).
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { it } from 'vitest'
import { removeLeftovers } from '../fixtures/write-fixtures.ts'
import { discoverScenarios, type DiscoveryResult } from '../scenario/discover.ts'
import { isUpdatingSnapshots, reportObsoleteToVitest } from './snapshot-state.ts'
import { suiteRoot } from './suite-files.ts'
import { noun } from '../../../lib/plural.ts'

/** Folders that are no test file of their own (no snapshot.yml) but hold scenario files. */
function strayFolderProblems(discovery: Pick<DiscoveryResult, 'failures'>): string[] {
  return discovery.failures.filter((f) => !existsSync(join(f.dir, 'snapshot.yml'))).map((f) => f.error.message)
}

/** Leftover goldens and sidecars: obsolete in vitest's summary (a problem), or under -u removed. */
export async function settleLeftovers(root: string, leftovers: readonly string[]): Promise<string[]> {
  if (!leftovers.length) return []
  if (isUpdatingSnapshots()) {
    await removeLeftovers(root, leftovers)
    reportObsoleteToVitest(leftovers)
    return []
  }
  reportObsoleteToVitest(leftovers)
  return [
    `obsolete fixture ${noun(leftovers.length, 'file')} in folders without snapshot.yml (no scenario uses them): ` +
      `${leftovers.join(', ')}; npx vitest run -u removes them`,
  ]
}

export async function defineCorpusChecks(options: { url: string; root?: string }): Promise<void> {
  const root = suiteRoot(dirname(fileURLToPath(options.url)), options.root)
  const discovery = await discoverScenarios(root, { goldensOptional: true, obsoleteHandled: true })
  it('scenario folders', async () => {
    const problems = [...strayFolderProblems(discovery), ...(await settleLeftovers(root, discovery.leftovers))]
    if (problems.length) throw new Error(problems.join('\n\n'))
  })
}
