import { PERMISSION_MODES, type PermissionMode } from '../../conformance/case-schema.ts'
import { colorEnabled } from '../../../lib/style.ts'
import { UsageError, stringList, stringOption, type CliCommand } from './command.ts'
import { conformanceHelp } from './command-help.ts'
import { folderOption, outputFileOption } from './path-options.ts'

/**
 * `dsh conformance`: run the data-driven ACP conformance cases (scenarios/conformance) against
 * any agent command. The engine is imported on use (only the small schema module is static),
 * so `dsh serve`, which a conformance run starts many times, does not pay for loading it.
 */
export const conformanceCommand: CliCommand = {
  ...conformanceHelp,
  async run({ values }, io) {
    const agentCommand = stringOption(values, 'agent-command')
    if (agentCommand === undefined)
      throw new UsageError(
        '--agent-command is required, e.g. --agent-command "npx dsh --patch overlays/echo.cordis.yml"',
      )
    const format = stringOption(values, 'format') ?? 'text'
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format ${format}: use text or json`)
    const permissionMode = stringOption(values, 'permission-mode') ?? 'approve-all'
    if (!(PERMISSION_MODES as readonly string[]).includes(permissionMode))
      throw new UsageError(`--permission-mode ${permissionMode}: use ${PERMISSION_MODES.join(' or ')}`)
    const number = (name: string, fallback: number, valid: (n: number) => boolean, rule: string) => {
      const text = stringOption(values, name)
      const value = text === undefined ? fallback : Number(text)
      if (!valid(value)) throw new UsageError(`--${name} ${text}: use ${rule}`)
      return value
    }
    const timeoutScale = number('timeout-scale', 1, (n) => n > 0 && n <= 100, 'a number above 0 and at most 100')
    const jobs = number('jobs', 1, (n) => Number.isInteger(n) && n >= 1 && n <= 32, 'a whole number from 1 to 32')
    const cwd = stringOption(values, 'cwd')
    const reportFile = outputFileOption(values, 'report')
    const suiteDir = folderOption(values, 'suite')
    const authenticate = stringOption(values, 'authenticate')
    if (authenticate === '') throw new UsageError('--authenticate needs a method id, one the agent advertises')

    // A bad --agent-command, --profile or --case throws a UsageError where it is found (exit 2).
    const { runConformance } = await import('../../conformance/run.ts')
    const { ConformanceDataError } = await import('../../conformance/suite.ts')
    try {
      return await runConformance({
        agentCommand,
        profile: stringOption(values, 'profile') ?? 'core',
        caseIds: stringList(values, 'case'),
        ...(cwd !== undefined ? { cwd } : {}),
        permissionMode: permissionMode as PermissionMode,
        format,
        ...(reportFile !== undefined ? { reportFile } : {}),
        timeoutScale,
        ...(authenticate !== undefined ? { authenticate } : {}),
        jobs,
        ...(suiteDir !== undefined ? { suiteDir } : {}),
        env: io.env,
        stdout: io.stdout,
        stderr: io.stderr,
        color: { stdout: colorEnabled(io.env, io.isTTY?.stdout), stderr: colorEnabled(io.env, io.isTTY?.stderr) },
      })
    } catch (error) {
      if (error instanceof ConformanceDataError) {
        io.stderr(`dsh conformance: the conformance data is invalid; nothing was launched.\n${error.message}\n`)
        return 1
      }
      throw error
    }
  },
}
