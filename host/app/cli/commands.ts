import type { CliCommand } from './command.ts'
import {
  configHelp,
  conformanceHelp,
  doctorHelp,
  loginHelp,
  newHelp,
  recordSessionHelp,
  reportHelp,
  reviewHelp,
  serveHelp,
  sessionsHelp,
  testHelp,
} from './command-help.ts'
import { onDemand } from './on-demand.ts'
import { chatHelp, promptHelp } from './prompt/help.ts'
import { mutateHelp } from './mutate/help.ts'

/**
 * A command that serves one agent parses each schema a few times: its schemas parse plainly
 * (lib/zod-plain.ts), set before its module, and so its schemas, are loaded.
 */
async function servingOneAgent<T>(load: () => Promise<T>): Promise<T> {
  const { parsePlainly } = await import('../../../lib/zod-plain.ts')
  parsePlainly()
  return load()
}

/**
 * Every `dsh` command, in help order. Its help is here up front; its code is imported when it
 * runs, so no command pays for another's modules (nor `dsh --help` for any). To add one: write
 * its help in ./command-help.ts, its run in host/app/cli/<name>.ts, and list it here.
 */
export const commands: readonly CliCommand[] = [
  onDemand(serveHelp, async () => (await servingOneAgent(() => import('./serve.ts'))).serveCommand),
  onDemand(promptHelp, async () => (await servingOneAgent(() => import('./prompt.ts'))).promptCommand),
  onDemand(chatHelp, async () => (await servingOneAgent(() => import('./chat.ts'))).chatCommand),
  onDemand(loginHelp, async () => (await import('./login.ts')).loginCommand),
  onDemand(configHelp, async () => (await import('./config.ts')).configCommand),
  onDemand(doctorHelp, async () => (await import('./doctor.ts')).doctorCommand),
  onDemand(testHelp, async () => (await import('./test.ts')).testCommand),
  onDemand(reviewHelp, async () => (await import('./review.ts')).reviewCommand),
  onDemand(reportHelp, async () => (await import('./report.ts')).reportCommand),
  onDemand(newHelp, async () => (await import('./new.ts')).newCommand),
  onDemand(sessionsHelp, async () => (await import('./sessions.ts')).sessionsCommand),
  onDemand(recordSessionHelp, async () => (await import('./record-session.ts')).recordSessionCommand),
  onDemand(conformanceHelp, async () => (await import('./conformance.ts')).conformanceCommand),
  onDemand(mutateHelp, async () => (await import('./mutate.ts')).mutateCommand),
]

/** What `dsh` runs when the first argument is absent or a flag. */
export const DEFAULT_COMMAND = 'serve'
