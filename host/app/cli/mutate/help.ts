// What `dsh mutate` says about itself (read by `dsh --help` without its code).
import { compositionOptions, rootOption, type CommandHelp } from '../command-help.ts'

export const mutateHelp: CommandHelp = {
  name: 'mutate',
  summary: 'measure what the corpus pins: mutate plugin files and replay the scenarios that reach each mutant',
  positionals: '[FILE…]',
  options: {
    root: rootOption,
    ...compositionOptions,
    sample: {
      type: 'string',
      valueName: 'N',
      description: 'run a stratified sample of N mutants (per file and mutator)',
    },
    since: {
      type: 'string',
      valueName: 'REF',
      description: 'only mutants on lines changed since a git ref; without FILE, the source files changed since it',
    },
    jobs: {
      type: 'string',
      valueName: 'N',
      description: 'worker processes, each with its own composition (default: the cores)',
    },
    json: {
      type: 'string',
      valueName: 'FILE',
      description: 'write counts per file and in total, and every mutant, as JSON',
    },
    html: { type: 'string', valueName: 'FILE', description: 'write the report as an HTML page' },
    timeout: { type: 'string', valueName: 'MS', description: "each scenario's timeout (default: dsh test's)" },
    'no-cache': { type: 'boolean', description: 'run every mutant, ignoring results cached by earlier runs' },
  },
}
