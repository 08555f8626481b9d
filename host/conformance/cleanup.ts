// Ending a case's agent: close stdin, SIGTERM the group, SIGKILL it (AgentProcess.shutdown),
// then find what the agent left running (descendants seen in its tree, processes carrying the
// case's marker), kill those and fail the case for them. If the end of every process cannot be
// verified, the run must not launch another agent next to a possible leftover.
import { docFile } from '../../lib/package-root.ts'
import type { AgentProcess } from '../../lib/process/agent-process.ts'
import { describeProcess, markedProcesses } from './case-marker.ts'
import { liveRefs, mergeRefs, stillLive, type ProcessRef } from './descendants.ts'
import { plural, noun } from '../../lib/plural.ts'

export interface CleanupReport {
  /** Every process of the agent is verifiably gone. */
  processesGone: boolean
  /** How the agent ended. */
  via?: 'eof' | 'sigterm' | 'sigkill'
  exit?: { code: number | null; signal: string | null }
  ms: number
  /** Why the case fails: something was left running, or could not be stopped. */
  problems: string[]
}

interface AgentTraces {
  /** Descendants seen while the agent ran (they may have left its process group since). */
  descendants: readonly ProcessRef[]
  /** The case's marker value in the agent's environment (see case-marker.ts). */
  marker?: string
}

export async function stopAgent(
  agent: AgentProcess | undefined,
  traces: AgentTraces,
  phaseMs: number,
): Promise<CleanupReport> {
  const started = Date.now()
  const problems: string[] = []
  if (!agent || agent.child.pid === undefined) return { processesGone: true, ms: 0, problems }
  const pid = agent.child.pid
  let via: CleanupReport['via']
  let exit: CleanupReport['exit']
  let processesGone = true
  let pipesHeld = false
  try {
    const report = await agent.shutdown()
    via = report.via
    exit = { code: report.code, signal: report.signal }
    pipesHeld = report.pipesHeld
    if (!report.groupGone) {
      processesGone = false
      problems.push(`members of the agent's process group ${pid} were still running ${phaseMs} ms after SIGKILL`)
    }
  } catch (error) {
    processesGone = false
    problems.push(`the agent (pid ${pid}) could not be stopped: ${(error as Error).message}`)
  }
  const left = await killLeftovers(traces, phaseMs)
  if (left.survivors.length) {
    processesGone = false
    problems.push(
      `${left.survivors.length === 1 ? 'a process the agent started is' : 'processes the agent started are'} ` +
        `still running after SIGKILL: ${left.survivors.join(', ')}`,
    )
  } else if (left.killed.length) {
    problems.push(
      `the agent left ${plural(left.killed.length, 'process', 'processes')} running after it ended, outside its ` +
        `process group: ${left.killed.join(', ')}; the runner killed ${noun(left.killed.length, 'it', 'them')}. ` +
        'An agent must end the processes it starts when ' +
        `its stdin closes (${docFile('conformance.md')}, "Leftover processes")`,
    )
  }
  if (pipesHeld) problems.push(heldPipes(left.killed.length > 0))
  return { processesGone, via, exit, ms: Date.now() - started, problems }
}

/** The agent is gone, but a process it started kept its stdout/stderr: a daemon, said as such. */
function heldPipes(found: boolean): string {
  const which = found
    ? 'it is among the leftovers above'
    : "it carries no case marker and left the agent's tree before the runner looked, so the runner cannot " +
      `find it (its environment was scrubbed; ${docFile('conformance.md')}, "Leftover processes")`
  return (
    'the agent exited, but its stdout or stderr stayed open: a process it started outside its process group ' +
    `(a daemon) still held them; ${which}. The runner stopped reading them and goes on`
  )
}

/** Kills what is still running of the agent's tree and of its marked processes; says who and who survived. */
async function killLeftovers(traces: AgentTraces, phaseMs: number): Promise<{ killed: string[]; survivors: string[] }> {
  const marked = traces.marker === undefined ? [] : liveRefs(markedProcesses(traces.marker))
  let leftovers = mergeRefs(stillLive(traces.descendants), marked)
  if (!leftovers.length) return { killed: [], survivors: [] }
  const described = new Map(leftovers.map((p) => [p, describeProcess(p.pid)] as const))
  for (const leftover of stillLive(leftovers)) {
    try {
      process.kill(leftover.pid, 'SIGKILL')
    } catch {
      /* already gone */
    }
  }
  const all = leftovers
  const deadline = Date.now() + phaseMs
  while (leftovers.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20))
    leftovers = stillLive(leftovers)
  }
  return { killed: all.map((p) => described.get(p)!), survivors: leftovers.map((p) => described.get(p)!) }
}
