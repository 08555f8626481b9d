// `--stub` in a composition (docs/model-providers.md): every running model adapter that reaches the
// network is pointed at the model server instead. One whose wire the server speaks keeps running,
// its base URL set through the config key it declares, so its own encoding and decoding are
// exercised; any other is turned off and the scripted stand-in (plugins/llm-stub) serves its models
// from the same server. The adapters' key variables hold a placeholder meanwhile: the real key never
// goes to the stub. The same function runs in process and inside a `dsh serve --scope` subprocess.
import type { Context } from 'cordis'
import type { ComposedAdapter, InMemoryPatches, LiveComposition, Patch } from '../../../plugins/config/index.ts'
import { docFile, ownModule } from '../../../lib/package-root.ts'
import { STUBBED_WIRES } from '../../../plugins/llm/adapter.ts'
import type { StubRoute } from '../fixtures/record-stub.ts'

/** A placeholder key for the stub (it checks presence, never validity); never a real key. */
const STUB_API_KEY = 'stub-key-not-a-secret'

/** The patch that points the composition's network adapters at `url`, and how each is reached. */
export function stubPatch(
  adapters: readonly ComposedAdapter[],
  url: string,
): { patch: InMemoryPatches; route: StubRoute; keys: string[] } {
  const patches: Patch[] = []
  const route: StubRoute = { wires: [], standIn: false }
  const keys: string[] = []
  for (const { entry, enabled, info } of adapters) {
    if (!enabled || !info.network) continue
    const wire = info.wire
    if (wire && !(STUBBED_WIRES as readonly string[]).includes(wire.kind)) {
      throw new Error(
        `entry "${entry}" (${info.label}) declares the wire "${wire.kind}", which dsh's model server does not speak ` +
          `(it speaks ${STUBBED_WIRES.join(', ')}); declare one of those, or no wire to record --stub through the ` +
          `scripted stand-in (${docFile('model-providers.md')})`,
      )
    }
    if (wire) {
      patches.push({ id: entry, config: { [wire.baseUrlConfig]: url } })
      if (!route.wires.includes(wire.kind)) route.wires.push(wire.kind)
      if (info.key) keys.push(info.key.env)
    } else {
      patches.push({ id: entry, disabled: true })
      route.standIn = true
    }
  }
  if (route.standIn)
    patches.push({
      insert: [{ id: 'dsh-scripted-model', name: ownModule('plugins/llm-stub/index.ts'), config: { url } }],
    })
  return { patch: { source: `test host: the scripted model at ${url}`, patches }, route, keys }
}

/** Point the composition at the model server; resolves with what undoes it (config back, keys back). */
export async function stubModels(ctx: Context, url: string): Promise<{ route: StubRoute; restore(): Promise<void> }> {
  const composition = liveComposition(ctx)
  const { patch, route, keys } = stubPatch(composition.modelAdapters(), url)
  const saved = keys.map((name) => [name, process.env[name]] as const)
  for (const name of keys) process.env[name] = STUB_API_KEY
  await composition.reconfigure([patch])
  return {
    route,
    async restore() {
      await composition.reconfigure([])
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    },
  }
}

function liveComposition(ctx: Context): LiveComposition {
  const composition = ctx.get('composition')
  if (!composition)
    throw new Error('the scripted model needs the config plugin: boot dsh through plugins/config/boot.ts')
  return composition
}
