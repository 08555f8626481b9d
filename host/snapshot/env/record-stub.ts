// Keyless recording: the real DeepSeek adapter talks to the DeepSeek-wire stub endpoint,
// which answers with the scenario's scripted model turns. The same scenario records
// unchanged against the real API when a key is set and no stub is asked for.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  parseScriptItems,
  startStubEndpoint,
  type StubEndpoint,
} from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export const MODEL_SCRIPTS_DIR = join('host', 'snapshot', 'model-scripts')

/** A placeholder key for the stub (it checks presence, never validity); never a real key. */
export const STUB_API_KEY = 'stub-key-not-a-secret'

export async function startRecordingStub(repoRoot: string, scenario: string): Promise<StubEndpoint> {
  const file = join(repoRoot, MODEL_SCRIPTS_DIR, `${scenario}.ts`)
  if (!existsSync(file)) {
    throw new Error(
      `no model script for scenario ${scenario}: expected ${join(MODEL_SCRIPTS_DIR, `${scenario}.ts`)} (export default an array of stub script items; see plugins/llm-deepseek/stub-endpoint/builders.ts)`,
    )
  }
  const module = (await import(pathToFileURL(file).href)) as { default: unknown[] }
  return startStubEndpoint({ script: parseScriptItems(module.default, file) })
}
