// Which agent `dsh test` plays scenarios against: dsh itself, or a foreign ACP agent named by
// --agent-command / --agent-preset or by dsh.config.yml's `agent:` (the flags win). A preset
// gives the command, the wire and how to tell the agent the model server's address.
import { type AgentCommand, parseAgentCommand } from '../conformance/shell-words.ts'
import type { AgentPreset } from '../../lib/model-wire/preset.ts'
import { NamedError } from '../../lib/named-error.ts'
import { loadProjectConfig } from '../snapshot/scenario/project-config.ts'
import { loadPreset } from './presets.ts'

export interface AgentSpec {
  command: AgentCommand
  /** The command line as given, for messages and reports. */
  line: string
  preset?: AgentPreset
  /** Variables from dsh.config.yml (placeholders filled in per run). */
  env: Record<string, string>
  /** Where record without --stub sends model requests, over the preset's upstream (--upstream, agent.upstream). */
  upstream?: string
}

interface AgentFlags {
  agentCommand?: string
  agentPreset?: string
  upstream?: string
}

/** The foreign agent to test, or undefined for dsh. */
export function resolveAgent(root: string, flags: AgentFlags): AgentSpec | undefined {
  const config = loadProjectConfig(root).agent
  const presetName = flags.agentPreset ?? config?.preset
  const line = flags.agentCommand ?? config?.command
  if (!presetName && !line) return undefined
  const preset = presetName ? loadPreset(presetName, root) : undefined
  const chosen = line ?? preset?.command
  if (!chosen)
    throw new NamedError(
      'no agent command: give --agent-command, or an agent.command or agent.preset in dsh.config.yml',
    )
  const upstream = flags.upstream ?? config?.upstream
  return {
    command: parseAgentCommand(chosen),
    line: chosen,
    preset,
    env: config?.env ?? {},
    ...(upstream ? { upstream } : {}),
  }
}
