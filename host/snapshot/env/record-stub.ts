// Keyless recording: the scenario's model.yml served by the model server (lib/model-wire), on the
// wires the composition's adapters speak, or to the scripted stand-in for those without one
// (plugin/model-stub.ts). Every item is checked against those wires before anything runs: an item
// a wire cannot say is a named error, and nothing is recorded.
import { docFile } from '../../../lib/package-root.ts'
import { WireExpressionError } from '../../../lib/model-wire/model-script.ts'
import { renderModelItem, type Wire } from '../../../lib/model-wire/wires.ts'
import { startStubEndpoint, type StubEndpoint } from '../../../lib/model-wire/index.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { MODEL_SCRIPT_FILE } from '../scenario/model-script.ts'
import type { StubRoute } from '../plugin/model-stub.ts'

/** Where a scenario's model script lives, as messages show it. */
export const modelScriptPath = (scenario: string) => `scenarios/${scenario}/${MODEL_SCRIPT_FILE}`

/** The `stubVia` a recording states: its wires, and `stand-in` when the scripted stand-in served. */
export function stubVia(route: StubRoute): string {
  return [...route.wires, ...(route.standIn ? ['stand-in'] : [])].join(', ')
}

export async function startRecordingStub(scenario: LoadedScenario, route: StubRoute): Promise<StubEndpoint> {
  // A scenario without a header never calls the model: no script means an empty one.
  if (!scenario.model && scenario.manifest.header) {
    throw new Error(
      `no model script for scenario ${scenario.name}: expected ${modelScriptPath(scenario.name)}, ` +
        `a list of model answers (reply, httpError, …; ${docFile('scenario-format.md')}, schemas/model.schema.json)`,
    )
  }
  const items = scenario.model ?? []
  const wires: Wire[] = [...(route.wires as Wire[]), ...(route.standIn ? (['script'] as const) : [])]
  items.forEach((item, index) => {
    for (const wire of wires) {
      try {
        renderModelItem(item, wire)
      } catch (error) {
        if (!(error instanceof WireExpressionError)) throw error
        const on = wire === 'script' ? 'the scripted stand-in (an adapter without a wire)' : `the ${wire} wire`
        throw new Error(
          `scenario ${scenario.name}: ${modelScriptPath(scenario.name)} item ${index + 1} (${item.kind}) cannot be ` +
            `served on ${on}: ${error.message}; nothing was recorded`,
        )
      }
    }
  })
  return startStubEndpoint({ script: items.map((item) => ({ kind: 'model', item })) })
}
