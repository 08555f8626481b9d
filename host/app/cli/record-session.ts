// `dsh record-session --agent-command CMD --name NAME`: an ACP proxy the editor starts instead of
// the agent. It passes the session through unchanged and, when the editor closes it, writes it as
// scenarios/NAME/ (host/foreign/record-session/). stdout is the editor's ACP channel: everything
// this command says goes to stderr.
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
    const { parseAgentCommand } = await import('../../conformance/shell-words.ts')
    const { proxySession } = await import('../../foreign/record-session/acp-proxy.ts')
    const { deriveScenario } = await import('../../foreign/record-session/derive.ts')
    const { writeCapturedScenario } = await import('../../foreign/record-session/write-scenario.ts')
    const editor = { input: process.stdin, output: process.stdout }
    const run = await proxySession(parseAgentCommand(line), editor, { ...process.env, ...io.env })
    const derived = deriveScenario(run.captured)
    const written = writeCapturedScenario(root, name, derived)
    const notes = derived.skipped.map((skipped) => `dsh record-session: not replayed: ${skipped}\n`)
    io.stderr(`${notes.join('')}dsh record-session: wrote ${written.join(', ')} (agent exit code ${run.exit.code})\n`)
    return 0
  },
}
