// One `dsh test --jobs` worker (a child process): it loads the corpus, boots its own host
// composition (none for --subprocess, whose scenarios each spawn the built dsh), then runs the
// scenarios it is sent one at a time, reconfigured between them as in a run without --jobs.
// The parent decides when to stop: signals from the terminal are its, and a lost parent (the
// IPC channel closes, even after a SIGKILL) ends this worker and its process group at once.
import { removeLiveTempDirsNow } from '../../env/workspace/temp-cwd.ts'
import { discoverScenarios, type LoadedScenario } from '../../scenario/discover.ts'
import type { ScenarioOutcome } from '../../plugin/outcome.ts'
import { bootHostComposition, type HostComposition } from '../host-composition.ts'
import { runScenario } from '../run-scenario.ts'
import { withModel, type ModelRun } from '../with-model.ts'
import type { FromWorker, ToWorker, WorkerSetup } from './protocol.ts'

const send = (message: FromWorker) => process.send?.(message)

for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(name, () => {})
process.on('disconnect', () => {
  removeLiveTempDirsNow()
  process.exit(1)
})

async function start(setup: WorkerSetup): Promise<void> {
  const { repoRoot, composition, mode } = setup
  const { scenarios: corpus } = await discoverScenarios(repoRoot, { mode })
  const byName = new Map(corpus.map((scenario) => [scenario.name, scenario]))
  let host: HostComposition | undefined
  try {
    if (!setup.subprocess) host = await bootHostComposition({ repoRoot, composition, mode })
  } catch (error) {
    send({ type: 'broken', message: (error as Error).message })
    return
  }
  const common = { repoRoot, composition, corpus, mode, pending: setup.pending, timeoutMs: setup.timeoutMs }
  const around = (scenario: LoadedScenario, run: ModelRun) => withModel(scenario, mode, setup, run)
  const play = async (scenario: LoadedScenario): Promise<ScenarioOutcome> => {
    if (!host) return around(scenario, (extra) => runScenario(scenario, { ...common, ...extra, subprocess: true }))
    const result = await host.snapshot.runBatch({ ...common, scenarios: [scenario], around })
    return result.outcomes[0]!
  }
  process.on('message', async (message: ToWorker) => {
    if (message.type === 'stop') {
      await host?.dispose()
      process.exit(0)
    }
    const scenario = byName.get(message.name)
    if (!scenario) throw new Error(`dsh test worker: no scenario named ${message.name} in ${repoRoot}/scenarios`)
    // `execution` holds functions (vitest's own judging reads it in process); the rest crosses.
    const { execution: _, ...outcome } = await play(scenario)
    send({ type: 'outcome', name: message.name, outcome })
  })
  send({ type: 'ready' })
}

await start(JSON.parse(process.argv[2] ?? '{}') as WorkerSetup)
