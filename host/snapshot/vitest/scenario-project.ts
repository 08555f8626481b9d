// What scenarioFiles() sets in the vitest project that runs the scenario files, where that project's
// config leaves it open: `isolate: false` (a worker's scenario files share dsh's imports and one corpus
// discovery, cached-discovery.ts) and dsh's environment (scenario-environment.ts: one host composition
// per worker, shared by its scenario files and disposed when the worker stops, as `dsh test` runs a
// batch in one). Without them each scenario file loads dsh and boots a composition of its own: 8
// scenarios took 12.8 s against 1.1 s in one defineSnapshotSuite file (issue 40). Only a project whose
// `include` names nothing but manifests gets them: other test files there may rely on vitest's
// isolation, so a mixed project keeps vitest's defaults and is told how to get the fast path. Pure.
import type { InlineConfig } from 'vitest/node'
import { docFile, ownModule } from '../../../lib/package-root.ts'

/** dsh's environment for scenario files, by path (vitest loads an environment by name or path). */
const scenarioEnvironment = ownModule('host/snapshot/vitest/scenario-environment.ts')

interface ScenarioProjectDefaults {
  /** What to merge into the project's `test` config; empty when the config decides it all. */
  test: Pick<InlineConfig, 'isolate' | 'environment'>
  /** Why the project keeps vitest's per-file isolation, for the user; undefined when nothing to say. */
  note?: string
}

const MANIFEST_PATTERN = /(?:^|\/)snapshot\.yml$/

export function scenarioProjectDefaults(test: InlineConfig | undefined): ScenarioProjectDefaults {
  const include = test?.include ?? []
  const manifestsOnly = include.length > 0 && include.every((pattern) => MANIFEST_PATTERN.test(pattern))
  if (!manifestsOnly) {
    const others = include.filter((pattern) => !MANIFEST_PATTERN.test(pattern))
    const decided = test?.isolate !== undefined || include.length === 0
    return {
      test: {},
      note: decided
        ? undefined
        : `dsh scenarioFiles: test.include also names ${others.map((p) => JSON.stringify(p)).join(', ')}, ` +
          'so each scenario file loads dsh and boots a host composition of its own (about a second each). ' +
          'Give the scenario manifests a vitest project of their own (test.projects) and scenarioFiles() ' +
          `makes their files share one per worker; set test.isolate to silence this (${docFile('test-host.md')}).`,
    }
  }
  return {
    test: {
      ...(test?.isolate === undefined && { isolate: false }),
      ...(test?.environment === undefined && { environment: scenarioEnvironment }),
    },
  }
}
