// The `llm-echo` plugin: a deterministic, keyless model for demos and conformance runs.
// It echoes the last user message and obeys the command lines in it (README.md).
import type { Context } from 'cordis'
import { z } from 'zod'
import { echoAdapter } from './adapter.ts'
import type { ModelAdapterDeclaration, ModelAdapterInfo } from '../llm/index.ts'

export { echoAdapter, pause } from './adapter.ts'
export { parseEchoScript, EchoScriptError, type EchoCommand } from './commands.ts'
export { planEchoResponse, splitWords, type EchoAction } from './plan.ts'

export const name = 'llm-echo'
export const inject = ['llm']

export const Config = z
  .strictObject({
    /** Model names this adapter answers to. */
    models: z.array(z.string().min(1)).min(1).default(['echo']),
  })
  .prefault({})

export type Config = z.output<typeof Config>

const info = (config: Config): ModelAdapterInfo => ({ label: 'echo', models: config.models, network: false })

/** Offline: it answers from the prompt itself (docs/model-providers.md). */
export const modelAdapter: ModelAdapterDeclaration = (raw) => info(Config.parse(raw))

export const apply = (ctx: Context, config: Config) => {
  ctx.llm.register({ ...info(config), stream: echoAdapter }, ctx)
}
