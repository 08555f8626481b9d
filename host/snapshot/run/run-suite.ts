// Run a selection of scenarios one after another (pins first, so a refresh rewrites the
// class sidecars before the scenarios that are checked against them).
import { discoverScenarios, type LoadedScenario } from '../scenario/discover.ts'
import type { RunMode } from '../core/fixtures.ts'
import { STUB_API_KEY, modelScriptPath, startRecordingStub } from '../env/record-stub.ts'
import { runScenario, type ScenarioOutcome } from './run-scenario.ts'
import { noteRecordingSource } from '../env/provenance.ts'
import type { TestComposition } from './composition.ts'

export interface SuiteOptions {
  /** The project folder holding scenarios/. */
  repoRoot: string
  /** The user's composition file and overlays; default `<repoRoot>/cordis.yml` (else the bundle's). */
  composition?: TestComposition
  names?: string[]
  mode?: RunMode
  subprocess?: boolean
  /** Record against the stub endpoint with scenarios/<name>/model.yml instead of the real API. */
  stub?: boolean
  timeoutMs?: number
  signal?: AbortSignal
  onResult?(outcome: ScenarioOutcome): void
  /** Called once the selection is known, before the first scenario runs. */
  onStart?(count: number): void
}

export interface SuiteResult {
  outcomes: ScenarioOutcome[]
  /** Scenario folders that could not even be loaded. */
  loadFailures: string[]
  interrupted: boolean
}

export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const mode = options.mode ?? 'replay'
  const { scenarios, failures } = await discoverScenarios(options.repoRoot, { names: options.names, mode })
  const loadFailures = failures.map((f) => f.error.message)
  const { scenarios: corpus } = options.names ? await discoverScenarios(options.repoRoot, { mode }) : { scenarios }
  const ordered = [...scenarios].sort((a, b) => Number(!!b.manifest.header?.pin) - Number(!!a.manifest.header?.pin))
  const outcomes: ScenarioOutcome[] = []
  options.onStart?.(ordered.length)
  for (const scenario of ordered) {
    if (options.signal?.aborted) return { outcomes, loadFailures, interrupted: true }
    const outcome = await runOne(scenario, corpus, mode, options)
    outcomes.push(outcome)
    options.onResult?.(outcome)
  }
  return { outcomes, loadFailures, interrupted: !!options.signal?.aborted }
}

async function runOne(
  scenario: LoadedScenario,
  corpus: readonly LoadedScenario[],
  mode: RunMode,
  options: SuiteOptions,
): Promise<ScenarioOutcome> {
  const common = {
    repoRoot: options.repoRoot,
    composition: options.composition,
    corpus,
    mode,
    subprocess: options.subprocess,
    timeoutMs: options.timeoutMs,
  }
  if (mode !== 'record' || !options.stub) {
    if (mode === 'record' && !process.env.DEEPSEEK_API_KEY) {
      return {
        scenario: scenario.name,
        ok: false,
        failures: [
          `scenario ${scenario.name}: record mode needs DEEPSEEK_API_KEY (or --stub to record against the scripted stub endpoint)`,
        ],
        written: [],
        durationMs: 0,
      }
    }
    // Only a live recording talks to the model: replay and refresh children get no key at all.
    const env = mode === 'record' ? pick(process.env, ['DEEPSEEK_API_KEY', 'DEEPSEEK_BASE_URL']) : {}
    const outcome = await runScenario(scenario, { ...common, env })
    return mode === 'record' ? noteRecordingSource(options.repoRoot, outcome, 'live') : outcome
  }
  let stub: Awaited<ReturnType<typeof startRecordingStub>>
  try {
    stub = await startRecordingStub(scenario)
  } catch (error) {
    return { scenario: scenario.name, ok: false, failures: [(error as Error).message], written: [], durationMs: 0 }
  }
  const savedKey = process.env.DEEPSEEK_API_KEY
  // The in-process adapter reads the key from this process's environment; a placeholder suffices for the stub.
  process.env.DEEPSEEK_API_KEY = STUB_API_KEY
  try {
    const outcome = await runScenario(scenario, {
      ...common,
      modelBaseUrl: stub.url,
      env: { DEEPSEEK_API_KEY: STUB_API_KEY },
    })
    const left = stub.remaining()
    const checked: ScenarioOutcome =
      left > 0 && outcome.ok
        ? {
            ...outcome,
            ok: false,
            failures: [
              `scenario ${scenario.name}: ${left} scripted model turn(s) in ${modelScriptPath(scenario.name)} ` +
                'were never requested',
            ],
          }
        : outcome
    return noteRecordingSource(options.repoRoot, checked, 'stub')
  } finally {
    if (savedKey === undefined) delete process.env.DEEPSEEK_API_KEY
    else process.env.DEEPSEEK_API_KEY = savedKey
    await stub.close()
  }
}

function pick(env: NodeJS.ProcessEnv, names: string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(names.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]))
}
