// The secret scan a review applies to what it accepts: each scenario's gate, with its manifest's
// `allow:` entries (the project's merged in), as a recording would scan the same file. A scenario
// whose manifest does not load is scanned with no allowances.
import { localIdentity } from '../../../lib/secrets/identity.ts'
import { type SecretGate, scenarioSecretGate } from '../core/secrets/gate.ts'
import { discoverScenarios } from '../scenario/discover.ts'
import { join } from 'node:path'

export async function reviewSecretGates(root: string): Promise<(scenario: string) => SecretGate> {
  const identity = localIdentity()
  const { scenarios } = await discoverScenarios(root, { mode: 'refresh' })
  const gates = new Map(scenarios.map((scenario) => [scenario.name, scenarioSecretGate(scenario, identity)]))
  return (scenario) => gates.get(scenario) ?? { scenario, dir: join(root, 'scenarios', scenario), allow: [], identity }
}
