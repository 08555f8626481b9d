// A blob's outcomes are checked before they are merged or rendered: a blob is a file anyone can
// edit, and a tampered one used to replace another shard's result (an outcome outside its own
// assignment), pass with failures listed (`ok: true`), or crash the renderer (a failure that is an
// object: `out.replace is not a function`). Each is a named error. Pure.
import { z } from 'zod'
import { safeParseWorded, zodIssuesToFileIssues } from '../../../lib/file-issues.ts'
import { plural } from '../../../lib/plural.ts'
import { FailureSchema } from '../model/failure.ts'

const strings = z.array(z.string())

/** What the merge and the reports read of an outcome; other fields pass through as written. */
const OutcomeShape = z.looseObject({
  scenario: z.string().min(1),
  ok: z.boolean(),
  failures: z.array(FailureSchema),
  written: strings,
  durationMs: z.number(),
  mode: z.string(),
  host: z.enum(['in-process', 'subprocess']),
  surfaces: z.looseObject({ transcript: strings, sessionLogs: strings }).optional(),
  expectedGolden: z.string().optional(),
  recording: z.string().optional(),
  warnings: strings.optional(),
  leftOut: strings.optional(),
})

const AGAIN = 'the blob was altered or damaged: write it again with dsh test --report FILE'

/** Problems of a blob's outcomes (empty when they are sound), each naming `outcomes[i]` and its scenario. */
export function outcomeProblems(outcomes: readonly unknown[], assigned: readonly string[]): string[] {
  const parsed = safeParseWorded(z.array(OutcomeShape), outcomes)
  if (!parsed.success)
    return zodIssuesToFileIssues(parsed.error.issues, ['outcomes']).map((issue) => `${issue.path}: ${issue.message}`)
  const share = new Set(assigned)
  const seen = new Set<string>()
  const problems: string[] = []
  parsed.data.forEach((outcome, index) => {
    const where = `outcomes[${index}] (scenario ${outcome.scenario})`
    if (!share.has(outcome.scenario))
      problems.push(
        `${where} is not in this blob's assignment (${plural(assigned.length, 'scenario')}: ` +
          `${assigned.slice(0, 5).join(', ')}${assigned.length > 5 ? ', …' : ''}); ` +
          "it would replace another shard's result",
      )
    if (seen.has(outcome.scenario)) problems.push(`${where} is the second outcome of that scenario in this blob`)
    seen.add(outcome.scenario)
    if (outcome.ok && outcome.failures.length)
      problems.push(`${where} says ok: true but lists ${plural(outcome.failures.length, 'failure')}`)
  })
  return problems
}

/** The sentence a blob with such problems is refused with. */
export function outcomeRefusal(file: string, problems: readonly string[]): string {
  const shown = problems.slice(0, 10)
  const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : ''
  return `${file} has unsound outcomes; ${AGAIN}:\n${shown.map((p) => `  - ${p}`).join('\n')}${more}`
}
