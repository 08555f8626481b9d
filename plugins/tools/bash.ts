// bash: one command in a fresh non-interactive shell in the session cwd (see docs/tools.md).
import { randomUUID } from 'node:crypto'
import type { BashConfig } from './config.ts'
import { formatBashResult } from './bash-output.ts'
import { runInClientTerminal } from './bash-terminal.ts'
import { defineTool, requiredString, toolArgs } from './define-tool.ts'
import { runInProcessGroup } from '../../lib/process/group.ts'
import { buildShellEnv } from './shell-env.ts'
import { OutputCapture } from './truncate.ts'

const BashArgs = toolArgs({
  command: requiredString().min(1, 'must not be empty').describe('The bash command or script to run'),
})

/** Set to a fresh value in each local bash call's environment (docs/tools.md, "Escapes"). */
const TOOL_CALL_MARKER_VAR = 'DSH_TOOL_CALL'

/**
 * What the watcher runs when the agent dies, before killing its group: SIGKILL every other
 * process carrying this call's DSH_TOOL_CALL value (escapees that left the group, see below).
 */
const KILL_MARKED =
  `[ -n "$${TOOL_CALL_MARKER_VAR}" ] && for e in /proc/[0-9]*/environ; do p=\${e#/proc/}; p=\${p%/environ}; ` +
  `[ "$p" != "$BASHPID" ] && grep -qxzF "${TOOL_CALL_MARKER_VAR}=$${TOOL_CALL_MARKER_VAR}" "$e" ` +
  '&& kill -KILL "$p"; done'

/**
 * The spawned shell points stderr at the stdout pipe, then execs the real shell in place
 * (same pid, same process group), so both streams arrive on one pipe in write order and
 * the command runs as exactly `bash --noprofile --norc -c <command>` with `$0` = bash.
 * Before that it leaves a watcher in the group: a subshell that blocks reading the agent's
 * lifeline (fd 3) and kills the whole group at EOF, which comes when the agent dies, even by
 * SIGKILL (first every process carrying the call's marker). The command itself does not
 * inherit fd 3. The normal sweep kills the watcher too.
 */
const MERGE_STDERR_WATCH_AGENT_THEN_EXEC =
  `exec 2>&1; { read -r _ <&3; ${KILL_MARKED}; kill -KILL 0; } >/dev/null 2>&1 & exec 3<&-; ` +
  'exec "$BASH" --noprofile --norc -c "$1" bash'

const TITLE_MAX_CHARS = 80

function bashTitle(command: string): string {
  const trimmed = command.trim()
  const firstLine = trimmed.split('\n', 1)[0]
  const cut = firstLine.length > TITLE_MAX_CHARS || firstLine.length < trimmed.length
  return `bash: ${cut ? `${firstLine.slice(0, TITLE_MAX_CHARS)}…` : firstLine}`
}

export function createBashTool(config: BashConfig, parentEnv: () => NodeJS.ProcessEnv = () => process.env) {
  return defineTool({
    name: 'bash',
    description:
      'Run a bash command in the working directory and return its combined stdout and stderr. ' +
      'Each call is a fresh non-interactive shell (no profile, stdin is empty, minimal environment' +
      `${config.envAllowlist.includes('HOME') ? '' : ', HOME is the working directory'}). ` +
      `The command is killed after ${config.timeoutMs} ms; background processes ` +
      `are killed when it ends. Output beyond ${config.maxOutputBytes} bytes is cut from the middle.`,
    kind: 'execute',
    needsApproval: true,
    args: BashArgs,
    title: (args) => (args ? bashTitle(args.command) : 'bash'),
    async run(args, context) {
      const createTerminal = context.client?.createTerminal
      if (createTerminal) {
        // The editor's terminal runs in the editor's own environment (dsh cannot scrub what it
        // does not own); it adds HOME like a local run. The terminal merges the streams itself.
        const run = await runInClientTerminal(
          createTerminal,
          {
            command: 'bash',
            args: ['--noprofile', '--norc', '-c', args.command],
            cwd: context.cwd,
            env: config.envAllowlist.includes('HOME') ? [] : [{ name: 'HOME', value: context.cwd }],
            outputByteLimit: config.maxOutputBytes,
          },
          { timeoutMs: config.timeoutMs, signal: context.signal, update: context.update },
        )
        const result = formatBashResult(run.output, run.ending, config.timeoutMs)
        return run.terminalId ? { ...result, display: { terminalId: run.terminalId } } : result
      }
      // Per call: what the command starts carries it, even a daemon that left the group.
      const marker = { name: TOOL_CALL_MARKER_VAR, value: randomUUID() }
      const env = { ...buildShellEnv(parentEnv(), config.envAllowlist, context.cwd), [marker.name]: marker.value }
      const capture = new OutputCapture(config.maxOutputBytes)
      const ending = await runInProcessGroup({
        file: 'bash',
        args: ['--noprofile', '--norc', '-c', MERGE_STDERR_WATCH_AGENT_THEN_EXEC, 'bash', args.command],
        cwd: context.cwd,
        env,
        timeoutMs: config.timeoutMs,
        killGraceMs: config.killGraceMs,
        signal: context.signal,
        onOutput: (chunk) => capture.push(chunk),
        lifeline: true,
        marker,
      })
      return formatBashResult(capture.text(), ending, config.timeoutMs)
    },
  })
}
