import type { CliCommand } from './command.ts'
import { configCommand } from './config.ts'
import { newCommand } from './new.ts'
import { reviewCommand } from './review.ts'
import { conformanceCommand } from './conformance.ts'
import { serveCommand } from './serve.ts'
import { testCommand } from './test.ts'

/** Every `dsh` command, in help order. To add one: write host/app/cli/<name>.ts and list it here. */
export const commands: readonly CliCommand[] = [
  serveCommand,
  configCommand,
  testCommand,
  reviewCommand,
  newCommand,
  conformanceCommand,
]

/** What `dsh` runs when the first argument is absent or a flag. */
export const DEFAULT_COMMAND = 'serve'
