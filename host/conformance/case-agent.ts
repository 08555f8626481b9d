// A case's agent process: the command without a shell, in its own process group, with the case
// marker in its environment and a lifeline that takes it (and every marked process) down if the
// runner dies.
import { AgentProcess } from '../../lib/process/agent-process.ts'
import { CASE_MARKER_VAR } from './case-marker.ts'
import type { AgentCommand } from './shell-words.ts'

export function spawnCaseAgent(
  command: AgentCommand,
  env: NodeJS.ProcessEnv,
  marker: string,
  shutdownPhaseMs: number,
): AgentProcess {
  return new AgentProcess({
    command: command.command,
    args: command.args,
    // The agent runs where the runner runs (its command may use relative paths); the
    // case cwd reaches it through session/new, as with any editor.
    cwd: process.cwd(),
    env: { ...env, [CASE_MARKER_VAR]: marker },
    shutdownPhaseMs,
    // The client reads stdout; the report keeps stderr's start (captured by the case) and this tail.
    keepStdout: false,
    stderrTailBytes: 64 * 1024,
    // A runner killed outright (kill -9) still takes the agent's group and marked processes with it.
    lifeline: { marker: { name: CASE_MARKER_VAR, value: marker } },
  })
}
