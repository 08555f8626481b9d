// Keyless recording: the real DeepSeek adapter talks to the DeepSeek-wire stub endpoint,
// which answers with the scenario's scripted model turns (scenarios/<name>/model.yml). The same
// scenario records unchanged against the real API when a key is set and no stub is asked for.
import { docFile } from '../../../lib/package-root.ts'
import { startStubEndpoint, type StubEndpoint } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { MODEL_SCRIPT_FILE, toStubItems } from '../scenario/model-script.ts'

/** A placeholder key for the stub (it checks presence, never validity); never a real key. */
export const STUB_API_KEY = 'stub-key-not-a-secret'

/** Where a scenario's model script lives, as messages show it. */
export const modelScriptPath = (scenario: string) => `scenarios/${scenario}/${MODEL_SCRIPT_FILE}`

export async function startRecordingStub(scenario: LoadedScenario): Promise<StubEndpoint> {
  // A scenario without a header never calls the model: no script means an empty one.
  if (!scenario.model && scenario.manifest.header) {
    throw new Error(
      `no model script for scenario ${scenario.name}: expected ${modelScriptPath(scenario.name)}, ` +
        `a list of model answers (reply, httpError, …; ${docFile('scenario-format.md')}, schemas/model.schema.json)`,
    )
  }
  return startStubEndpoint({ script: toStubItems(scenario.model ?? []) })
}
