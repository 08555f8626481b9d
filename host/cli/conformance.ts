import { PERMISSION_MODES, type PermissionMode } from '../conformance/case-schema.ts'
import { ConformanceUsageError, runConformance } from '../conformance/run.ts'
import { SelectionError } from '../conformance/select.ts'
import { ShellWordsError } from '../conformance/shell-words.ts'
import { ConformanceDataError } from '../conformance/suite.ts'
import { UsageError, stringList, stringOption, type CliCommand } from './command.ts'

/** `dsh conformance`: run the data-driven ACP conformance cases (scenarios/conformance) against any agent command. */
export const conformanceCommand: CliCommand = {
  name: 'conformance',
  summary: 'check any ACP agent command against the conformance cases (docs/conformance.md)',
  options: {
    'agent-command': { type: 'string', valueName: 'CMD', description: 'the agent to test, e.g. "npx dsh --patch overlays/echo.cordis.yml" (required; split like a shell, run without one)' },
    profile: { type: 'string', valueName: 'NAME', description: 'which cases must pass: core (any ACP agent; default) or dsh (needs the echo model)' },
    case: { type: 'string', multiple: true, valueName: 'ID', description: 'run only this case (repeatable); ids are the case file names without NNN- and .json' },
    cwd: { type: 'string', valueName: 'DIR', description: 'session cwd for every case (default: a fresh temp folder per case)' },
    'permission-mode': { type: 'string', valueName: 'MODE', description: 'answer permission requests: approve-all (default) or deny-all; a case may override it' },
    format: { type: 'string', valueName: 'FORMAT', description: 'stdout: text (default) or json' },
    report: { type: 'string', valueName: 'FILE', description: 'also write the JSON report here (written even when interrupted)' },
    suite: { type: 'string', valueName: 'DIR', description: 'conformance data folder (SPEC.md, cases/, profiles/); default: scenarios/conformance of this dsh' },
    'timeout-scale': { type: 'string', valueName: 'N', description: 'multiply every case timeout, e.g. 3 for a slow real model (default 1)' },
  },
  async run({ values }, io) {
    const agentCommand = stringOption(values, 'agent-command')
    if (agentCommand === undefined) throw new UsageError('--agent-command is required, e.g. --agent-command "npx dsh --patch overlays/echo.cordis.yml"')
    const format = stringOption(values, 'format') ?? 'text'
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format ${format}: use text or json`)
    const permissionMode = stringOption(values, 'permission-mode') ?? 'approve-all'
    if (!(PERMISSION_MODES as readonly string[]).includes(permissionMode)) throw new UsageError(`--permission-mode ${permissionMode}: use ${PERMISSION_MODES.join(' or ')}`)
    const scaleText = stringOption(values, 'timeout-scale')
    const timeoutScale = scaleText === undefined ? 1 : Number(scaleText)
    if (!(timeoutScale > 0 && timeoutScale <= 100)) throw new UsageError(`--timeout-scale ${scaleText}: use a number above 0 and at most 100`)
    const cwd = stringOption(values, 'cwd')
    const reportFile = stringOption(values, 'report')
    const suiteDir = stringOption(values, 'suite')
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
        ...(suiteDir !== undefined ? { suiteDir } : {}),
        env: io.env,
        stdout: io.stdout,
        stderr: io.stderr,
      })
    } catch (error) {
      if (error instanceof ShellWordsError || error instanceof SelectionError || error instanceof ConformanceUsageError) throw new UsageError(error.message)
      if (error instanceof ConformanceDataError) {
        io.stderr(`dsh conformance: the conformance data is invalid; nothing was launched.\n${error.message}\n`)
        return 1
      }
      throw error
    }
  },
}
