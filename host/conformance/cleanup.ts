// Ending a case's agent: close stdin, SIGTERM the group, SIGKILL it (AgentProcess.shutdown),
// then make sure every descendant seen before shutdown is gone too. If that cannot be
// verified, the run must not launch another agent next to a possible leftover.
import type { AgentProcess } from '../../lib/process/agent-process.ts'
import { stillLive } from './descendants.ts'

export interface CleanupReport {
  /** Every process of the agent is verifiably gone. */
  processesGone: boolean
  /** How the agent ended. */
  via?: 'eof' | 'sigterm' | 'sigkill'
  exit?: { code: number | null; signal: string | null }
  ms: number
  /** Why the case fails: something could not be stopped. */
  problems: string[]
  /** Reported, not failing: e.g. descendants that had to be killed one by one. */
  warnings: string[]
}

export async function stopAgent(
  agent: AgentProcess | undefined,
  descendants: readonly number[],
  phaseMs: number,
): Promise<CleanupReport> {
  const started = Date.now()
  const problems: string[] = []
  const warnings: string[] = []
  if (!agent || agent.child.pid === undefined) return { processesGone: true, ms: 0, problems, warnings }
  const pid = agent.child.pid
  let via: CleanupReport['via']
  let exit: CleanupReport['exit']
  let processesGone = true
  try {
    const report = await agent.shutdown()
    via = report.via
    exit = { code: report.code, signal: report.signal }
    if (!report.groupGone) {
      processesGone = false
      problems.push(`members of the agent's process group ${pid} were still running ${phaseMs} ms after SIGKILL`)
    }
  } catch (error) {
    processesGone = false
    problems.push(`the agent (pid ${pid}) could not be stopped: ${(error as Error).message}`)
  }
  // Descendants that left the group (setsid) are out of the group's reach: kill them one by one.
  let leftovers = await stillLive(descendants)
  if (leftovers.length) {
    for (const child of leftovers) {
      try {
        process.kill(child, 'SIGKILL')
      } catch {
        /* already gone */
      }
    }
    const deadline = Date.now() + phaseMs
    while (leftovers.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20))
      leftovers = await stillLive(leftovers)
    }
    if (leftovers.length) {
      processesGone = false
      problems.push(`descendant process(es) ${leftovers.join(', ')} of the agent are still running after SIGKILL`)
    } else {
      warnings.push(
        `descendant process(es) outside the agent's process group had to be killed one by one; an agent should end its children when stdin closes`,
      )
    }
  }
  return { processesGone, via, exit, ms: Date.now() - started, problems, warnings }
}
