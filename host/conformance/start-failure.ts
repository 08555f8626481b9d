// When a case's agent never answered initialize, every later case would fail the same way (it
// launches the same command): the run stops with one named error instead. Pure, but for the note
// on a case's failure that reads the agent process's state.
import type { AgentProcess } from '../../lib/process/agent-process.ts'
import type { CleanupReport } from './cleanup.ts'
import type { CaseResult } from './report.ts'

/** Lines of the agent's stderr quoted in the error: enough for a boot error's message and its first frame. */
const STDERR_LINES = 6

interface StartFacts {
  caseId: string
  /** The case's first failure (the initialize step's, or the spawn's). */
  failure: string
  /** How the agent process ended, when it did before the runner stopped it. */
  exitCode: number | null
  signalCode: NodeJS.Signals | null
  /** How it ended once the runner stopped it (closed stdin, then signals), when it was still running. */
  stoppedVia?: { via: 'eof' | 'sigterm' | 'sigkill'; code: number | null; signal: string | null }
  agentStderr: string
}

/**
 * The reason later cases are not launched: which case, what went wrong (how the process ended, or
 * the step's own first clause), what the agent printed on stderr first, and what to do next.
 */
function agentStartFailure(facts: StartFacts): string {
  const how =
    facts.signalCode !== null
      ? `the agent process was killed by ${facts.signalCode}`
      : facts.exitCode !== null
        ? `the agent process exited with code ${facts.exitCode}`
        : facts.failure.split('; ')[0]
  const said = facts.agentStderr.trim().split('\n').slice(0, STDERR_LINES)
  const stderr = said[0]
    ? `; its stderr begins:\n${said.map((line) => `    | ${line}`).join('\n')}\n`
    : '; it wrote nothing to stderr. '
  return (
    `the agent could not start: in case ${facts.caseId}, ${how}${stoppedNote(facts.stoppedVia)}${stderr}` +
    'Later cases would fail the same way, so none was launched. Run the --agent-command by hand in this folder ' +
    '(it must start and answer ACP on stdio; its boot errors go to stderr), fix what it reports, and run again.'
  )
}

/**
 * Why later cases are not launched, for a failed case whose agent never answered initialize (every
 * case begins with it); `stopped` is the cleanup of an agent that was still running until then.
 */
export function notStartedReason(
  result: CaseResult,
  initialized: boolean,
  agent: AgentProcess | undefined,
  stopped: CleanupReport | undefined,
  /** The start of the agent's stderr (a boot error's message), kept however much it wrote after. */
  stderrHead: string,
): string | undefined {
  if (result.status !== 'fail' || initialized) return undefined
  const child = agent?.child
  const stoppedVia = stopped?.via && stopped.exit ? { via: stopped.via, ...stopped.exit } : undefined
  return agentStartFailure({
    caseId: result.id,
    failure: result.failures[0] ?? 'no failure recorded',
    exitCode: stopped ? null : (child?.exitCode ?? null),
    signalCode: stopped ? null : (child?.signalCode ?? null),
    ...(stoppedVia ? { stoppedVia } : {}),
    agentStderr: stderrHead,
  })
}

/** An agent silent until the runner stopped it did not exit "before answering": say how it ended. */
function stoppedNote(stopped: StartFacts['stoppedVia']): string {
  if (!stopped) return ' before answering initialize'
  const ended = stopped.signal ? `was ended by ${stopped.signal}` : `exited with code ${stopped.code}`
  const when =
    stopped.via === 'eof'
      ? 'only when the runner closed its stdin'
      : `only after the runner's ${stopped.via.toUpperCase()}`
  return `, and the agent had not answered initialize: it was still running, and it ${ended} ${when}`
}

/** When the agent is gone, that is the likeliest cause of whatever failed: say so. */
export function agentDiedNote(agent: AgentProcess | undefined): string {
  const child = agent?.child
  if (!child || child.pid === undefined || (child.exitCode === null && child.signalCode === null)) return ''
  const how = child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`
  const stderr = agent!.stderr().trim().split('\n').slice(-3).join(' | ')
  const said = stderr ? `; its stderr ends with: ${stderr.slice(-400)}` : ' and wrote nothing to stderr'
  return ` (the agent process ${how}${said})`
}
