// The report file (`report:` in replay's config): the problems of a retired recording that no host
// took through verify(), for a host that runs dsh as a process to read as data, not from stderr.
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { z } from 'zod'
import { type ReplayProblem, ReplayProblemSchema } from './errors.ts'

const ReplayReport = z.strictObject({
  scenario: z.string().optional(),
  problems: z.array(ReplayProblemSchema),
})

type ReplayReport = { scenario?: string; problems: readonly ReplayProblem[] }

/** Whole or not at all: a host never reads half a report (retiring is synchronous: so is this). */
export function writeReport(file: string, report: ReplayReport): void {
  const partial = `${file}.${process.pid}.tmp`
  writeFileSync(partial, `${JSON.stringify(report, null, 2)}\n`)
  renameSync(partial, file)
}

/**
 * The report at `file`: undefined when replay never retired its recording there (the process ended
 * first); a file that is not a report throws, naming it.
 */
export function readReport(file: string): ReplayReport | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new Error(`${file}: not a replay report (not JSON: ${(error as Error).message})`)
  }
  const parsed = ReplayReport.safeParse(json)
  if (!parsed.success) throw new Error(`${file}: not a replay report: ${parsed.error.message}`)
  return parsed.data
}
