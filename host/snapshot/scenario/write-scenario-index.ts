// Regenerate the index at the top of scenarios/README.md from the manifests:
//   npx tsx host/snapshot/scenario/write-scenario-index.ts
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { packageRoot } from '../../../lib/package-root.ts'
import { discoverScenarios } from './discover.ts'
import { renderScenarioIndex, replaceGeneratedIndex } from './scenario-index.ts'

const file = join(packageRoot, 'scenarios', 'README.md')
const { scenarios } = await discoverScenarios(packageRoot)
const readme = await readFile(file, 'utf8')
await writeFile(file, replaceGeneratedIndex(readme, renderScenarioIndex(scenarios.map((s) => s.manifest)), file))
console.log(`wrote scenarios/README.md (${scenarios.length} scenarios)`)
