// One scenario on its own: in process through a snapshot service booted for this call
// (host-composition.ts), or as a `dsh` subprocess (./subprocess.ts). Both play and judge it the
// same way (host/snapshot/service/play-scenario.ts).
import type { LoadedScenario } from '../scenario/discover.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { playScenario, type RunScenarioOptions } from '../service/play-scenario.ts'
import { runSubprocess } from './subprocess.ts'
import { withHostComposition } from './host-composition.ts'

export async function runScenario(scenario: LoadedScenario, options: RunScenarioOptions): Promise<ScenarioOutcome> {
  if (options.subprocess)
    return playScenario(scenario, options, (run, timeoutMs) => runSubprocess(run, { timeoutMs, env: options.env }))
  const { repoRoot, composition, mode = 'replay' } = options
  return withHostComposition({ repoRoot, composition, mode }, (host) => host.snapshot.runOne(scenario, options))
}
