// The model a scenario talks to in a suite run: replay needs none; record needs the key, or the
// stub endpoint started for the scenario (its model.yml), and notes where the recording came from.
import type { LoadedScenario } from '../scenario/discover.ts'
import type { RunMode } from '../core/fixtures.ts'
import { STUB_API_KEY, modelScriptPath, startRecordingStub } from '../env/record-stub.ts'
import { failedBeforeRun, type ScenarioOutcome } from '../plugin/outcome.ts'
import { noteRecordingSource, recordingStamp } from '../env/provenance.ts'
import { plural } from '../../../lib/plural.ts'

export type ModelRun = (extra: { modelBaseUrl?: string; env?: NodeJS.ProcessEnv }) => Promise<ScenarioOutcome>

/** What withModel reads of a suite's options. */
interface ModelOptions {
  repoRoot: string
  subprocess?: boolean
  pending?: boolean
  stub?: boolean
}

/** The model a scenario talks to: replay needs none; record needs the key, or the stub endpoint. */
export async function withModel(
  scenario: LoadedScenario,
  mode: RunMode,
  options: ModelOptions,
  run: ModelRun,
): Promise<ScenarioOutcome> {
  if (mode !== 'record') return run({})
  const failed = (message: string): ScenarioOutcome =>
    failedBeforeRun(scenario.name, mode, options.subprocess, [`scenario ${scenario.name}: ${message}`])
  if (!options.stub) {
    if (!process.env.DEEPSEEK_API_KEY)
      return failed('record mode needs DEEPSEEK_API_KEY (or --stub to record against the scripted stub endpoint)')
    const outcome = await run({ env: pick(process.env, ['DEEPSEEK_API_KEY', 'DEEPSEEK_BASE_URL']) })
    return options.pending ? outcome : noteRecordingSource(options.repoRoot, outcome, 'live', recordingStamp())
  }
  let stub: Awaited<ReturnType<typeof startRecordingStub>>
  try {
    stub = await startRecordingStub(scenario)
  } catch (error) {
    return { ...failed(''), failures: [(error as Error).message] }
  }
  const savedKey = process.env.DEEPSEEK_API_KEY
  // The in-process adapter reads the key from this process's environment; a placeholder suffices for the stub.
  process.env.DEEPSEEK_API_KEY = STUB_API_KEY
  try {
    const outcome = await run({ modelBaseUrl: stub.url, env: { DEEPSEEK_API_KEY: STUB_API_KEY } })
    const left = stub.remaining()
    const checked: ScenarioOutcome =
      left > 0 && outcome.ok
        ? {
            ...outcome,
            ok: false,
            failures: [
              `scenario ${scenario.name}: ${plural(left, 'scripted model turn')} in ` +
                `${modelScriptPath(scenario.name)} ` +
                `${left === 1 ? 'was' : 'were'} never requested`,
            ],
          }
        : outcome
    // --pending leaves every file as it is until dsh review accepts the copies (docs/recording.md).
    return options.pending ? checked : noteRecordingSource(options.repoRoot, checked, 'stub', recordingStamp())
  } finally {
    if (savedKey === undefined) delete process.env.DEEPSEEK_API_KEY
    else process.env.DEEPSEEK_API_KEY = savedKey
    await stub.close()
  }
}

function pick(env: NodeJS.ProcessEnv, names: string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(names.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]))
}
