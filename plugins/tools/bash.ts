// bash: one command in a fresh non-interactive shell in the session cwd, in the sandbox where the
// machine has one (see docs/tools.md, docs/sandbox.md).
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { runInProcessGroup } from '../../lib/process/group.ts'
import { watchLifeline } from '../../lib/process/lifeline.ts'
import { approvalNote, escalationHint, refusalText } from '../../lib/sandbox/describe.ts'
import { confine, killsEscapes } from '../../lib/sandbox/launch.ts'
import type { SandboxPlan } from '../../lib/sandbox/plan.ts'
import type { SandboxPolicy } from '../../lib/sandbox/policy.ts'
import { BASH_SANDBOX_ENTRY, type BashSandbox, confinedSpawn, planBash } from './bash-sandbox.ts'
import type { BashConfig } from './config.ts'
import { formatBashResult } from './bash-output.ts'
import { runInClientTerminal } from './bash-terminal.ts'
import { defineTool, errorResult, requiredString, toolArgs } from './define-tool.ts'
import { buildShellEnv } from './shell-env.ts'
import { appendLine, OutputCapture } from './truncate.ts'
import type { ToolContext, ToolResult } from './types.ts'

export type { BashSandbox } from './bash-sandbox.ts'

const command = requiredString().min(1, 'must not be empty').describe('The bash command or script to run')
const BashArgs = toolArgs({ command })
/** Offered when a sandbox is configured: the agent's way to ask for a rerun outside it. */
const EscalatingBashArgs = toolArgs({
  command,
  unsandboxed: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .describe(
      'Run outside the sandbox. Only after the sandbox blocked this very command (its result says so); ' +
        'the user is asked separately.',
    ),
})
type Args = { command: string; unsandboxed?: boolean }

/** Set to a fresh value in each unconfined local call's environment (docs/tools.md, "Escapes"). */
const TOOL_CALL_MARKER_VAR = 'DSH_TOOL_CALL'

/**
 * The spawned shell points stderr at the stdout pipe, then execs the real shell in place
 * (same pid, same process group), so both streams arrive on one pipe in write order and
 * the command runs as exactly `bash --noprofile --norc -c <command>` with `$0` = bash.
 * Before that it leaves a watcher in the group: a subshell that blocks reading the agent's
 * lifeline (fd 3) and kills the whole group at EOF, which comes when the agent dies, even by
 * SIGKILL (first every process carrying the call's marker). The command itself does not
 * inherit fd 3. The normal sweep kills the watcher too.
 */
const EXEC_THE_COMMAND = 'exec "$BASH" --noprofile --norc -c "$1" bash'
const MERGE_STDERR_WATCH_AGENT_THEN_EXEC = `exec 2>&1; ${watchLifeline(TOOL_CALL_MARKER_VAR)}${EXEC_THE_COMMAND}`

const TITLE_MAX_CHARS = 80

function bashTitle(command: string): string {
  const trimmed = command.trim()
  const [firstLine = ''] = trimmed.split('\n', 1)
  const cut = firstLine.length > TITLE_MAX_CHARS || firstLine.length < trimmed.length
  return `bash: ${cut ? `${firstLine.slice(0, TITLE_MAX_CHARS)}…` : firstLine}`
}

function describeBash(config: BashConfig, confined: boolean): string {
  return (
    'Run a bash command in the working directory and return its combined stdout and stderr. ' +
    'Each call is a fresh non-interactive shell (no profile, stdin is empty, minimal environment' +
    `${config.envAllowlist.includes('HOME') ? '' : ', HOME is the working directory'}). ` +
    `The command is killed after ${config.timeoutMs} ms; background processes ` +
    `are killed when it ends. Output beyond ${config.maxOutputBytes} bytes is cut from the middle.` +
    (confined
      ? ' Where the machine has a sandbox, the command runs in it: it may write only the working directory ' +
        "(and the session's other folders) and a private /tmp, cannot read credentials, and has no network " +
        'unless the configuration allows it.'
      : '')
  )
}

export function createBashTool(
  config: BashConfig,
  parentEnv: () => NodeJS.ProcessEnv = () => process.env,
  sandbox?: BashSandbox,
) {
  const confined = !!sandbox && sandbox.config.mode !== 'off'
  const plan = (args: Args, context: Parameters<typeof planBash>[1]) =>
    planBash(sandbox, context, args.unsandboxed === true, parentEnv().PATH)
  return defineTool<Args>({
    name: 'bash',
    description: describeBash(config, confined),
    kind: 'execute',
    needsApproval: true,
    args: confined ? EscalatingBashArgs : BashArgs,
    title: (args) => (args ? bashTitle(args.command) : 'bash'),
    ...(sandbox
      ? {
          async approvalTitle(args, context) {
            const { plan: chosen, policy } = await plan(args, context)
            return bashTitle(args.command) + approvalNote(chosen, policy, BASH_SANDBOX_ENTRY)
          },
        }
      : {}),
    approvalScope: (args) => (args?.unsandboxed ? 'bash:unsandboxed' : 'bash'),
    async run(args, context) {
      const { plan: chosen, policy, record } = await plan(args, context)
      const result = await runPlanned(chosen, policy, args.command, context, config, parentEnv, sandbox)
      return record ? { ...result, sandbox: record } : result
    },
  })
}

async function runPlanned(
  plan: SandboxPlan,
  policy: SandboxPolicy,
  command: string,
  context: ToolContext,
  config: BashConfig,
  parentEnv: () => NodeJS.ProcessEnv,
  sandbox: BashSandbox | undefined,
): Promise<ToolResult> {
  if (plan.run === 'refused') return errorResult(refusalText(plan, BASH_SANDBOX_ENTRY))
  const env = buildShellEnv(parentEnv(), config.envAllowlist, context.cwd)
  const terminal = context.client?.createTerminal
  if (plan.run === 'sandboxed') {
    // In the editor's terminal the launcher runs there and gives the command exactly `env`.
    const result = terminal
      ? await runConfinedInEditor(terminal, command, context, config, env, { plan, policy })
      : await runLocal(command, context, config, env, { plan, policy })
    const hint = result.isError ? escalationHint(result.output, policy, sandbox!.config.mode) : undefined
    return hint ? { ...result, output: appendLine(result.output, hint) } : result
  }
  if (terminal) return runInEditor(terminal, { command: 'bash', args: inTerminal(command) }, context, config)
  return runLocal(command, context, config, env)
}

const inTerminal = (command: string) => ['--noprofile', '--norc', '-c', command]

/** A confined command in the editor's terminal: the launcher is what the terminal runs. */
async function runConfinedInEditor(
  createTerminal: CreateTerminal,
  command: string,
  context: ToolContext,
  config: BashConfig,
  shellEnv: Record<string, string>,
  confined: { plan: Extract<SandboxPlan, { run: 'sandboxed' }>; policy: SandboxPolicy },
): Promise<ToolResult> {
  const launch = confine(confined.plan.tier, confined.policy, context.cwd, ['bash', ...inTerminal(command)], shellEnv)
  try {
    return await runInEditor(createTerminal, { command: launch.file, args: launch.args }, context, config)
  } finally {
    launch.cleanup()
  }
}

/** A local run in a process group of its own: confined by the plan's tier, or watched and marked. */
async function runLocal(
  command: string,
  context: ToolContext,
  config: BashConfig,
  shellEnv: Record<string, string>,
  confined?: { plan: Extract<SandboxPlan, { run: 'sandboxed' }>; policy: SandboxPolicy },
): Promise<ToolResult> {
  // A sandbox that ends everything the command started needs no marker, and its watcher sits
  // outside it (confinedSpawn); elsewhere the command's own shell starts one.
  const watched = !confined || !killsEscapes(confined.plan.tier)
  // Per call: what the command starts carries it, even a daemon that left the group.
  const marker = watched ? { name: TOOL_CALL_MARKER_VAR, value: randomUUID() } : undefined
  const args = watched
    ? ['--noprofile', '--norc', '-c', MERGE_STDERR_WATCH_AGENT_THEN_EXEC, 'bash', command]
    : ['--noprofile', '--norc', '-c', command]
  const spawned = confined
    ? confinedSpawn(confined.plan.tier, confined.policy, context.cwd, ['bash', ...args])
    : { file: 'bash', args, env: {}, cleanup: () => {} }
  const capture = new OutputCapture(config.maxOutputBytes)
  try {
    const ending = await runInProcessGroup({
      file: spawned.file,
      args: spawned.args,
      cwd: context.cwd,
      env: { ...shellEnv, ...spawned.env, ...(marker ? { [marker.name]: marker.value } : {}) },
      timeoutMs: config.timeoutMs,
      killGraceMs: config.killGraceMs,
      signal: context.signal,
      onOutput: (chunk) => capture.push(chunk),
      lifeline: true,
      marker,
      diesWithLauncher: !watched,
    })
    return formatBashResult(capture.text(), ending, config.timeoutMs)
  } finally {
    spawned.cleanup()
  }
}

type CreateTerminal = NonNullable<NonNullable<ToolContext['client']>['createTerminal']>

/**
 * The editor's terminal runs in the editor's own environment (dsh cannot scrub what it does not
 * own, unless a sandbox launcher does); it adds HOME like a local run. The terminal merges the
 * streams itself.
 */
async function runInEditor(
  createTerminal: CreateTerminal,
  program: { command: string; args: string[] },
  context: ToolContext,
  config: BashConfig,
): Promise<ToolResult> {
  const run = await runInClientTerminal(
    createTerminal,
    {
      ...program,
      cwd: context.cwd,
      env: config.envAllowlist.includes('HOME') ? [] : [{ name: 'HOME', value: context.cwd }],
      outputByteLimit: config.maxOutputBytes,
    },
    { timeoutMs: config.timeoutMs, signal: context.signal, update: context.update },
  )
  const result = formatBashResult(run.output, run.ending, config.timeoutMs)
  return run.terminalId ? { ...result, display: { terminalId: run.terminalId } } : result
}
