// When a case's agent never answered initialize, every later case would fail the same way (it
// launches the same command): the run stops with one named error instead. Pure.

/** Lines of the agent's stderr quoted in the error: enough for a boot error's message and its first frame. */
const STDERR_LINES = 6

/**
 * The reason later cases are not launched: which case, what went wrong, what the agent printed
 * on stderr, and what to do next.
 */
export function agentStartFailure(caseId: string, failure: string, agentStderr: string): string {
  const said = agentStderr.trim().split('\n').slice(0, STDERR_LINES)
  const stderr =
    said.length && said[0]
      ? `; its stderr begins:\n${said.map((line) => `    | ${line}`).join('\n')}\n`
      : '; it wrote nothing to stderr. '
  return (
    `the agent could not start: in case ${caseId} it never answered initialize (${failure})${stderr}` +
    'Later cases would fail the same way, so none was launched. Run the --agent-command by hand in this folder ' +
    '(it must start and answer ACP on stdio; its boot errors go to stderr), fix what it reports, and run again.'
  )
}
