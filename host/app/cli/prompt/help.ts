// What `dsh prompt` and `dsh chat` say about themselves (read by `dsh --help` without their code).
import type { CliOption } from '../command.ts'
import { compositionOptions, type CommandHelp } from '../command-help.ts'

const approvalOptions: Record<string, CliOption> = {
  yes: {
    type: 'boolean',
    short: 'y',
    description: 'allow every tool call the agent asks permission for (without it, each is asked at the terminal)',
  },
  reject: {
    type: 'boolean',
    description:
      'reject every tool call the agent asks permission for; with neither flag and no terminal on stdin, ' +
      'requests are rejected and stderr says so',
  },
}

export const promptHelp: CommandHelp = {
  name: 'prompt',
  summary: 'send one prompt to the composition and stream the answer to stdout; exit 0 when the turn ends end_turn',
  positionals: 'TEXT…',
  options: {
    ...compositionOptions,
    ...approvalOptions,
    json: { type: 'boolean', description: "print the turn's ACP session/update notifications as JSON lines instead" },
  },
}

export const chatHelp: CommandHelp = {
  name: 'chat',
  summary: 'talk to the composition line by line in one session (Ctrl-C cancels a turn, Ctrl-D exits)',
  options: { ...compositionOptions, ...approvalOptions },
}
