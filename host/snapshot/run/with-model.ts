// The model a scenario talks to in a suite run: replay needs none; record talks to the profile's
// own live adapters (their keys, their variables), or with --stub to the model server started for
// the scenario (its model.yml), and notes where the recording came from.
import type { LoadedScenario } from '../scenario/discover.ts'
import type { RunMode } from '../model/modes.ts'
import { modelScriptPath, startRecordingStub, stubVia } from '../fixtures/record-stub.ts'
import { failedBeforeRun, type ScenarioOutcome } from '../model/outcome.ts'
import { failure } from '../model/failure.ts'
import { noteRecordingSource, recordingStamp } from '../fixtures/provenance.ts'
import { stubPatch } from '../service/model-stub.ts'
import type { TestComposition } from '../service/patches.ts'
import { plural } from '../../../lib/plural.ts'
import { liveModelEnv, recordingAdapters } from './recording-adapters.ts'
import { scriptRetriesProblem } from '../fixtures/script-retries.ts'

export type ModelRun = (extra: { modelStub?: string; env?: NodeJS.ProcessEnv }) => Promise<ScenarioOutcome>

/** What withModel reads of a suite's options. */
interface ModelOptions {
  repoRoot: string
  composition?: TestComposition
  subprocess?: boolean
  pending?: boolean
  stub?: boolean
}

/** The model a scenario talks to: replay needs none; record the live adapters, or the model server. */
export async function withModel(
  scenario: LoadedScenario,
  mode: RunMode,
  options: ModelOptions,
  run: ModelRun,
): Promise<ScenarioOutcome> {
  if (mode !== 'record') return run({})
  const failed = (message: string, kind: 'scenario' | 'recording' = 'scenario'): ScenarioOutcome =>
    failedBeforeRun(scenario.name, mode, options.subprocess, [failure(kind, scenario.name, message)])
  let adapters: Awaited<ReturnType<typeof recordingAdapters>>['adapters']
  let retries: number
  try {
    ;({ adapters, retries } = await recordingAdapters(options.repoRoot, options.composition, scenario))
  } catch (error) {
    return failed(`scenario ${scenario.name}: ${(error as Error).message}`)
  }
  if (!options.stub) {
    // A subprocess gets its adapters' variables; in process the adapters read this process's.
    const outcome = await run(options.subprocess ? { env: liveModelEnv(adapters) } : {})
    return options.pending ? outcome : noteRecordingSource(options.repoRoot, outcome, 'live', recordingStamp())
  }
  const overflow = scriptRetriesProblem(scenario.model ?? [], retries, modelScriptPath(scenario.name))
  if (overflow) return failed(`scenario ${scenario.name}: ${overflow}`, 'recording')
  const { route } = stubPatch(
    adapters.map((adapter) => ({ ...adapter, enabled: true })),
    'http://127.0.0.1',
  )
  let stub: Awaited<ReturnType<typeof startRecordingStub>>
  try {
    stub = await startRecordingStub(scenario, route)
  } catch (error) {
    return failed((error as Error).message, 'recording')
  }
  try {
    const outcome = await run({ modelStub: stub.url })
    const checked = checkServed(scenario.name, outcome, stub.remaining(), stub.problems)
    // --pending leaves every file as it is until dsh review accepts the copies (docs/recording.md).
    if (options.pending) return checked
    return noteRecordingSource(options.repoRoot, checked, 'stub', recordingStamp(), stubVia(route))
  } finally {
    await stub.close()
  }
}

/** A script item never asked for, or one a wire could not say, fails a run that was otherwise fine. */
function checkServed(
  name: string,
  outcome: ScenarioOutcome,
  left: number,
  problems: readonly string[],
): ScenarioOutcome {
  const messages = problems.map((problem) => `scenario ${name}: ${modelScriptPath(name)}: ${problem}`)
  if (left > 0)
    messages.push(
      `scenario ${name}: ${plural(left, 'scripted model turn')} in ${modelScriptPath(name)} ` +
        `${left === 1 ? 'was' : 'were'} never requested`,
    )
  const failures = messages.map((message) => failure('recording', name, message))
  if (!failures.length || !outcome.ok) return outcome
  return { ...outcome, ok: false, failures }
}
