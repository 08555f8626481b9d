import { packageRoot } from './lib/package-root.ts'
import { bootHostComposition } from './host/snapshot/run/host-composition.ts'
import { discoverScenarios } from './host/snapshot/scenario/discover.ts'
const repoRoot = packageRoot
const { scenarios: corpus } = await discoverScenarios(repoRoot)
const { snapshot, dispose } = await bootHostComposition({ repoRoot, mode: 'replay' })
const scenarios = Array.from({ length: 46 }, (_, i) => corpus[i % corpus.length]!)
await snapshot.runBatch({ scenarios, corpus, repoRoot, mode: 'replay' })
const t0 = performance.now()
const r = await snapshot.runBatch({ scenarios: Array.from({ length: 200 }, (_, i) => corpus[i % corpus.length]!), corpus, repoRoot, mode: 'replay' })
console.log('200 runs ms', (performance.now() - t0).toFixed(0), r.outcomes.filter((o) => !o.ok).length)
await dispose()
