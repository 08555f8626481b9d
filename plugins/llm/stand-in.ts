// Standing in for the model adapters a composition turned off (docs/model-providers.md): replay,
// and the scripted stub for adapters without a wire, serve those adapters' models as the live
// ones would have offered them (same names, same auth methods, same hidden key files), offline.
import type { ComposedAdapter as ComposedAdapterEntry } from '../config/entry-traits.ts'
import type { AdapterRegistration } from './adapter.ts'
import type { LlmAdapter } from './types.ts'

/** The network adapters a composition lists but does not run (the replay overlay turned them off). */
export function disabledNetworkAdapters(composed: readonly ComposedAdapterEntry[]): ComposedAdapterEntry[] {
  return composed.filter((adapter) => !adapter.enabled && adapter.info.network)
}

/** A registration that serves `adapter`'s models through `stream`, offline. */
export function standIn(adapter: ComposedAdapterEntry, stream: LlmAdapter): AdapterRegistration {
  const { wire: _wire, ...info } = adapter.info
  return { ...info, network: false, standsInFor: adapter.entry, stream }
}

/** What a composition says about its adapters, when it can (`ctx.composition`), by shape. */
export function composedAdapters(composition: unknown): ComposedAdapterEntry[] {
  const list = (composition as { modelAdapters?: () => ComposedAdapterEntry[] } | undefined)?.modelAdapters
  return typeof list === 'function' ? list.call(composition) : []
}
