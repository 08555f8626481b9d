// `dsh record-session --agent-preset P`: the agent's model requests go through the recording proxy
// (lib/model-wire/live-proxy.ts) to the preset's provider with the user's key, so the session's
// model turns (tool calls with their whole arguments included) become model.yml items. The agent
// runs in the user's cwd with the user's environment, the preset's variables over it (its model URL,
// its dummy key, a fresh home with the preset's config files), and without the key variable.
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { LiveProxy } from '../../../lib/model-wire/live-proxy.ts'
import { fillPreset, type AgentPreset } from '../../../lib/model-wire/preset.ts'
import type { Recording } from '../../../lib/model-wire/recording.ts'
import { startStubEndpoint } from '../../../lib/model-wire/server.ts'
import { resolveUpstream } from '../../../lib/model-wire/upstream.ts'
import type { UpstreamProblem } from '../../../lib/model-wire/upstream-problems.ts'

interface ModelCapture {
  /** The agent's environment: the user's, less the key, with the preset's variables. */
  env: NodeJS.ProcessEnv
  /** Preset files under {{cwd}} that were not written (the user's project is not touched). */
  skipped: string[]
  finish(): Promise<{ recording: Recording; problems: UpstreamProblem[] }>
}

export async function startModelCapture(
  preset: AgentPreset,
  options: { cwd: string; env: NodeJS.ProcessEnv; upstream?: string },
): Promise<ModelCapture> {
  const upstream = resolveUpstream(preset, options.upstream, options.env)
  const home = await mkdtemp(join(tmpdir(), 'dsh-record-session-home-'))
  const spellings = (path: string) => [...new Set([path, realpathSync(path)])]
  const proxy = new LiveProxy(upstream, {
    cwd: spellings(options.cwd),
    home: spellings(home),
    rules: preset.normalize,
  })
  const server = await startStubEndpoint({ forward: proxy.forward })
  const filled = fillPreset(preset, { modelUrl: server.url, home, cwd: options.cwd })
  const skipped: string[] = []
  for (const file of filled.files) {
    if (!file.path.startsWith(`${home}/`)) {
      skipped.push(`preset file ${file.path} (record-session writes no file into your project)`)
      continue
    }
    mkdirSync(dirname(file.path), { recursive: true })
    writeFileSync(file.path, file.text)
  }
  const env: NodeJS.ProcessEnv = { ...options.env, ...filled.env }
  if (!(upstream.keyEnv in filled.env)) delete env[upstream.keyEnv]
  return {
    env,
    skipped,
    async finish() {
      await server.close()
      rmSync(home, { recursive: true, force: true })
      return { recording: proxy.recording(), problems: proxy.problems }
    },
  }
}
