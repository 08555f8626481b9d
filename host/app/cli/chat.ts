import type { CliCommand } from './command.ts'
import { compositionArgs } from './composition-options.ts'
import { runChat } from './prompt/chat.ts'
import { policyOf } from './prompt/command-support.ts'
import { chatHelp } from './prompt/help.ts'
import { routeConsoleToStderr } from './stdout-guard.ts'

/** `dsh chat`: a line REPL over one session. Ctrl-C cancels the running turn, Ctrl-D (end of input) exits. */
export const chatCommand: CliCommand = {
  ...chatHelp,
  async run({ values }, io) {
    const policy = policyOf(values)
    routeConsoleToStderr()
    return runChat({
      ...compositionArgs(values),
      input: process.stdin,
      prompts: process.stderr,
      terminal: io.isTTY?.stdin === true && io.isTTY?.stderr === true,
      cwd: process.cwd(),
      policy,
      io,
    })
  },
}
