// One corpus discovery per vitest worker instead of one per scenario file: scenario files share
// this module (isolate: false), and every file needs the whole corpus (class pins, sources). In
// watch mode the cache key is the corpus's listing with modification times, so an edited, added or
// removed file is discovered afresh; a single run (VITEST_MODE=RUN, set by vitest in its workers)
// discovers once, as `dsh test` does for its whole batch, without listing the corpus per file.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { discoverScenarios, type DiscoverOptions, type DiscoveryResult } from '../scenario/discover.ts'
import { PROJECT_CONFIG_FILE } from '../scenario/project-config.ts'

const cache = new Map<string, Promise<DiscoveryResult>>()

/**
 * Every file and folder under scenarios/ with its mtime (one level of scenario folders, plus their
 * entries), and the project's dsh.config.yml, which discovery merges into every manifest.
 */
function corpusFingerprint(root: string): string {
  const scenarios = join(root, 'scenarios')
  const config = statSync(join(root, PROJECT_CONFIG_FILE), { throwIfNoEntry: false })
  const parts = [`${PROJECT_CONFIG_FILE}:${config?.mtimeMs ?? 'absent'}`]
  for (const folder of readdirSync(scenarios, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue
    const dir = join(scenarios, folder.name)
    for (const entry of readdirSync(dir)) parts.push(`${folder.name}/${entry}:${statSync(join(dir, entry)).mtimeMs}`)
  }
  return parts.sort().join('\n')
}

export function discoverCached(root: string, options: DiscoverOptions): Promise<DiscoveryResult> {
  const singleRun = process.env.VITEST_MODE === 'RUN'
  const key = `${root}\n${JSON.stringify(options)}\n${singleRun ? 'single run' : corpusFingerprint(root)}`
  let discovery = cache.get(key)
  if (!discovery) {
    cache.clear() // only the current corpus is worth keeping
    discovery = discoverScenarios(root, options)
    cache.set(key, discovery)
  }
  return discovery
}
