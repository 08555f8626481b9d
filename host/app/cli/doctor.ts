// `dsh doctor`: which sandbox this machine gives dsh's commands (bubblewrap, Seatbelt, or none and
// why, with the fix), and what the composition's policies make of it: bash calls (the tools entry)
// and MCP stdio servers (the mcp entry) run sandboxed, unsandboxed, or are refused (docs/sandbox.md).
import { arch, platform } from 'node:os'
import type { z } from 'zod'
import { ownProtectedPaths, type SandboxConfig } from '../../../lib/sandbox/config.ts'
import { detectSandbox } from '../../../lib/sandbox/detect.ts'
import { reach } from '../../../lib/sandbox/describe.ts'
import { planRun } from '../../../lib/sandbox/plan.ts'
import { buildPolicy } from '../../../lib/sandbox/policy.ts'
import { type SandboxTier, tierLine, unavailableText } from '../../../lib/sandbox/tier.ts'
import { ConfigError, formatIssues } from '../../../plugins/config/errors.ts'
import type { CompositionEntry } from '../../../plugins/config/entries.ts'
import { loadComposition } from '../../../plugins/config/load.ts'
import { McpSandboxConfig } from '../../../plugins/mcp/server-sandbox.ts'
import { defaultSessionsRoot } from '../../../plugins/session/default-root.ts'
import { ToolsConfig } from '../../../plugins/tools/config.ts'
import type { CliCommand } from './command.ts'
import { doctorHelp } from './command-help.ts'
import { compositionArgs } from './composition-options.ts'

/** One confined kind of process: its entry and the policy its config gives. */
interface Subject {
  label: string
  entry: string
  sandbox: SandboxConfig
}

export const doctorCommand: CliCommand = {
  ...doctorHelp,
  async run({ values }, io) {
    const { configFile, patches } = compositionArgs(values)
    const { entries } = await loadComposition({ configFile, patches, env: io.env })
    const subjects = sandboxSubjects(entries, configFile)
    const tier = await detectSandbox({ PATH: io.env.PATH })
    io.stdout(renderDoctor(tier, subjects, configFile, io.env))
    // A policy that would refuse every command here is a failure a script can see.
    const refused = subjects.some((subject) => planRun(subject.sandbox.mode, tier).run === 'refused')
    return refused ? 1 : 0
  },
}

/** The enabled tools and mcp entries of the composition, with their sandbox config checked. */
function sandboxSubjects(entries: readonly CompositionEntry[], configFile: string): Subject[] {
  const kinds = [
    { label: 'bash commands', plugin: 'tools', read: (config: unknown) => parse(ToolsConfig, config).sandbox },
    {
      label: 'MCP stdio servers',
      plugin: 'mcp',
      read: (config: unknown) => parse(McpSandboxConfig, (config as { sandbox?: unknown } | undefined)?.sandbox),
    },
  ]
  const subjects: Subject[] = []
  for (const { label, plugin, read } of kinds) {
    const entry = entries.find((e) => !e.disabled && (e.id === plugin || e.name.endsWith(`plugins/${plugin}`)))
    if (!entry) continue
    try {
      subjects.push({ label, entry: entry.id, sandbox: read(entry.config) })
    } catch (error) {
      throw new ConfigError(`${configFile}: entry "${entry.id}" has an invalid config:\n${(error as Error).message}`)
    }
  }
  return subjects
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw new Error(formatIssues(result.error.issues))
  return result.data
}

export function renderDoctor(
  tier: SandboxTier,
  subjects: readonly Subject[],
  configFile: string,
  env: NodeJS.ProcessEnv,
): string {
  const lines = [
    `dsh doctor: the sandbox of ${configFile}`,
    `platform:      ${platform()} ${arch()}${process.getuid ? `, uid ${process.getuid()}` : ''}`,
    `sandbox tier:  ${tierLine(tier)}`,
  ]
  if (!tier.available) lines.push(`fix:           ${unavailableText(tier).fix}`)
  const hidden = ownProtectedPaths(defaultSessionsRoot(env), env).map((own) => own.path)
  for (const subject of subjects) {
    const plan = planRun(subject.sandbox.mode, tier)
    const policy = buildPolicy({ config: subject.sandbox, cwd: process.cwd(), hidden })
    const where = `(entry "${subject.entry}", sandbox.mode: ${subject.sandbox.mode})`
    const what =
      plan.run === 'sandboxed'
        ? `sandboxed: ${reach(policy)}`
        : plan.run === 'refused'
          ? 'REFUSED: the sandbox is required and cannot run here'
          : plan.why === 'off'
            ? 'UNSANDBOXED: the sandbox is off'
            : 'UNSANDBOXED: no sandbox here (each approval says so)'
    lines.push(`${subject.label} ${where}: ${what}`)
  }
  return `${lines.join('\n')}\n`
}
