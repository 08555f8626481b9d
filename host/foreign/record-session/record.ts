// `dsh record-session` end to end: the editor's session proxied to the agent (./acp-proxy.ts), the
// agent's model proxied to the provider when a preset is named (./model-capture.ts), the files its
// tool calls name read as they are named (./tool-files.ts), then scenarios/NAME/ written
// (./write-scenario.ts): steps and permission answers, model.yml, workspace/.
import type { Readable, Writable } from 'node:stream'
import type { AgentPreset } from '../../../lib/model-wire/preset.ts'
import { NamedError } from '../../../lib/named-error.ts'
import type { AgentCommand } from '../../conformance/shell-words.ts'
import { proxySession } from './acp-proxy.ts'
import { deriveScenario } from './derive.ts'
import { startModelCapture } from './model-capture.ts'
import { ToolFiles } from './tool-files.ts'
import { writeCapturedScenario } from './write-scenario.ts'

export interface RecordSessionOptions {
  root: string
  name: string
  command: AgentCommand
  /** Proxy the agent's model to the preset's provider (its tool calls recorded whole). */
  preset?: AgentPreset
  upstream?: string
  editor: { input: Readable; output: Writable }
  env: NodeJS.ProcessEnv
  cwd: string
}

export async function recordSession(options: RecordSessionOptions) {
  const capture = options.preset
    ? await startModelCapture(options.preset, { cwd: options.cwd, env: options.env, upstream: options.upstream })
    : undefined
  const files = new ToolFiles(options.cwd)
  let run: Awaited<ReturnType<typeof proxySession>>
  let model: Awaited<ReturnType<NonNullable<typeof capture>['finish']>> | undefined
  try {
    run = await proxySession(options.command, options.editor, capture?.env ?? options.env, {
      cwd: options.cwd,
      onMessage: files.onMessage,
    })
  } finally {
    model = await capture?.finish()
  }
  const derived = deriveScenario(run.captured)
  if (model?.problems.length)
    throw new NamedError(
      `record-session: the model could not be recorded, so scenarios/${options.name} was not written:\n` +
        model.problems.map((problem) => `  ${problem.message}`).join('\n'),
    )
  if (model) derived.model = model.recording.exchanges.map((exchange) => exchange.answer)
  const written = writeCapturedScenario(options.root, options.name, derived, {
    proxied: !!model,
    workspace: files.files,
  })
  const skipped = [...derived.skipped, ...(capture?.skipped ?? []), ...files.skipped]
  return { written, skipped, exit: run.exit }
}
