// `dsh record-session --agent-command CMD --name NAME`: an ACP proxy the editor starts instead of
// the agent. It passes the session through unchanged and, when the editor closes it, writes it as
// scenarios/NAME/ (host/foreign/record-session/); with --agent-preset the agent's model goes
// through the recording proxy, so its tool calls are recorded whole. stdout is the editor's ACP
// channel: everything this command says goes to stderr.
import { UsageError, stringOption, type CliCommand } from './command.ts'
import { recordSessionHelp } from './command-help.ts'
import { scenariosRootOption } from './path-options.ts'

export const recordSessionCommand: CliCommand = {
  ...recordSessionHelp,
  async run({ values }, io) {
    const line = stringOption(values, 'agent-command')
    const name = stringOption(values, 'name')
    if (!line || !name) throw new UsageError('record-session needs --agent-command CMD and --name NAME')
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name))
      throw new UsageError(`--name ${name}: a scenario name is lowercase words joined by single hyphens`)
    const root = scenariosRootOption(values)
    const presetName = stringOption(values, 'agent-preset')
    const { parseAgentCommand } = await import('../../conformance/shell-words.ts')
    const { loadPreset } = await import('../../foreign/presets.ts')
    const { recordSession } = await import('../../foreign/record-session/record.ts')
    const run = await recordSession({
      root,
      name,
      command: parseAgentCommand(line),
      preset: presetName ? loadPreset(presetName, root) : undefined,
      upstream: stringOption(values, 'upstream'),
      editor: { input: process.stdin, output: process.stdout },
      env: { ...process.env, ...io.env },
      cwd: process.cwd(),
    })
    const notes = run.skipped.map((skipped) => `dsh record-session: not replayed: ${skipped}\n`)
    io.stderr(
      `${notes.join('')}dsh record-session: wrote ${run.written.join(', ')} (agent exit code ${run.exit.code})\n`,
    )
    return 0
  },
}
