// The committed side of a comparison: golden, logs, the class pin's sidecars. I/O only.
import { join, relative } from 'node:path'
import type { LoadedScenario } from '../scenario/discover.ts'
import { SIDECAR_SYSTEM_PROMPT, SIDECAR_TOOL_SCHEMAS } from '../core/fixture-files.ts'
import type { ExpectedFixtures, FixtureFile } from '../core/fixtures.ts'
import { existingLogFiles, logsDir } from './fixture-logs.ts'
import { readFixtureSync } from '../io/safe-fixture-io.ts'

export function loadExpected(
  repoRoot: string,
  scenario: LoadedScenario,
  corpus: readonly LoadedScenario[],
): ExpectedFixtures {
  const fixture = (absolute: string): FixtureFile => ({
    file: relative(repoRoot, absolute),
    absolute,
    text: readFixtureSync(repoRoot, absolute),
  })
  const expected: ExpectedFixtures = {
    golden: fixture(join(scenario.dir, 'stdout.golden.jsonl')),
    logs: existingLogFiles(repoRoot, logsDir(repoRoot, scenario)).map(fixture),
    logsReadOnly: !!scenario.manifest.session,
  }
  const header = scenario.manifest.header
  if (header) {
    const pin = corpus.find((s) => s.manifest.header?.class === header.class && s.manifest.header.pin)
    if (pin) {
      const source = (field: 'systemPromptSource' | 'toolSchemasSource') => pin.manifest.header?.[field] ?? pin.name
      expected.header = {
        pin: pin.name,
        ownsSidecars: {
          system: pin.name === scenario.name && !header.systemPromptSource,
          tools: pin.name === scenario.name && !header.toolSchemasSource,
        },
        system: fixture(join(repoRoot, 'scenarios', source('systemPromptSource'), SIDECAR_SYSTEM_PROMPT)),
        tools: fixture(join(repoRoot, 'scenarios', source('toolSchemasSource'), SIDECAR_TOOL_SCHEMAS)),
      }
    }
  }
  return expected
}
