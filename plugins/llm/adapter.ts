// What a model adapter is (docs/model-providers.md): the models it serves, whether it reaches the
// network, where its key comes from, and the wire dsh can stub for it. A plugin module states it
// with `modelAdapter(config)`, so a composition can select adapters by what they are before they
// start (cordis.snapshot.yml turns the network ones off, cordis.record.yml turns them on); the
// running plugin registers the same description with the `llm` service, which the host's guard,
// `initialize`'s auth methods and the model picker read.
import type { LlmAdapter } from './types.ts'

/** Wires the model server (lib/model-wire) speaks, so `--stub` can answer a real adapter's requests. */
export const STUBBED_WIRES = ['openai-chat', 'anthropic-messages'] as const
export type WireKind = (typeof STUBBED_WIRES)[number]

/** Where an adapter's key comes from: described for `authMethods`, errors and the file tools' hidden list. */
export interface AdapterKey {
  /** The environment variable holding the key, e.g. `OPENAI_API_KEY`. */
  env: string
  /** The key file read when the variable is unset (absolute), e.g. `~/.config/dsh/openai-api-key`. */
  file?: string
  /** The default key file's name in dsh's key folder, as `authMethods` describe it whatever the environment. */
  fileName?: string
  /** The variable that names another key file, e.g. `OPENAI_API_KEY_FILE`. */
  fileEnv?: string
}

/** The wire an adapter speaks, and the key of its entry's config that takes the base URL. */
export interface AdapterWire {
  kind: string
  baseUrlConfig: string
  /** A variable the adapter reads its base URL from when the config sets none. */
  baseUrlEnv?: string
}

/** An adapter as its module describes it for a given entry config; plain data. */
export interface ModelAdapterInfo {
  /** A short name for messages and auth methods, e.g. `DeepSeek`. */
  label: string
  models: readonly string[]
  /** True when serving a request opens a connection (replay, echo and scripted models are offline). */
  network: boolean
  key?: AdapterKey
  wire?: AdapterWire
  /** The context window in tokens, per model (compaction reads it). */
  contextWindow?: Readonly<Record<string, number>>
}

/** What a plugin module exports as `modelAdapter`: its description for an entry's (raw) config. */
export type ModelAdapterDeclaration = (config: unknown) => ModelAdapterInfo

/** One registration with the `llm` service. */
export interface AdapterRegistration extends ModelAdapterInfo {
  stream: LlmAdapter
  /** What is wrong with the key (missing, malformed), or undefined when it is usable. Never the key. */
  keyProblem?(): string | undefined
  /**
   * Stands in for another entry's adapter (replay, the scripted stub): serves its models without its
   * network; names the entry it stands in for. A stand-in may share models with an adapter.
   */
  standsInFor?: string
}

/** A registration as `ctx.llm.adapters()` lists it: with the entry that registered it. */
export interface RegisteredAdapter extends Omit<AdapterRegistration, 'stream' | 'keyProblem'> {
  /** The Loader entry whose plugin registered it (undefined outside a composition). */
  entry?: string
  /** True when the registration came through the older `register(models, adapter)` and said nothing. */
  undeclared?: boolean
}
