// `dsh` in process, as the tests drive it: main() with its output captured. Options are the rest of
// CliIO (env defaults to none, so the caller's environment never leaks in).
import { main, type CliCommand, type CliIO } from '../cli.ts'

export type CliOptions = Partial<Omit<CliIO, 'stdout' | 'stderr'>>

export async function runCli(argv: string[], options: CliOptions = {}, table?: readonly CliCommand[]) {
  const out = { stdout: '', stderr: '' }
  const io: CliIO = {
    env: {},
    ...options,
    stdout: (text) => {
      out.stdout += text
    },
    stderr: (text) => {
      out.stderr += text
    },
  }
  const code = await main(argv, io, table)
  return { code, ...out }
}
