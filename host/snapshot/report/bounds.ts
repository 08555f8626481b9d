// What a report holds of one outcome is bounded: a 177 MB failing golden took 92 s and 4.1 GB to
// render into a 371 MB page, and the same outcome in a blob made `dsh report merge` as slow. Each
// text an outcome carries for reports (the differing files, the transcript, the golden, each
// failure) is cut at a line end past its limit, and a note says what was left out and where the
// whole is. Pure; applied where a blob keeps an outcome and again where the HTML report renders one.
import { plural } from '../../../lib/plural.ts'
import type { Failure } from '../model/failure.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'

/** Characters of one side of a differing file, of the transcript and of the golden a report shows. */
export const MAX_REPORT_TEXT_CHARS = 256 * 1024
/** Characters of one failure message. */
export const MAX_REPORT_FAILURE_CHARS = 64 * 1024

/** An outcome as reports keep it: the notes say what its texts lost to the bounds. */
export type BoundedOutcome<O extends object = ScenarioOutcome> = O & { leftOut?: string[] }

type Reportable = Pick<ScenarioOutcome, 'scenario' | 'failures' | 'surfaces' | 'expectedGolden'>

/** The outcome with every report text within its bound, and `leftOut` naming each cut (idempotent). */
export function boundOutcome<O extends Reportable & { leftOut?: string[] }>(outcome: O): BoundedOutcome<O> {
  const notes: string[] = [...(outcome.leftOut ?? [])]
  const cut = (text: string, max: number, what: string): string => {
    const kept = cutAtLine(text, max)
    if (kept.length < text.length)
      notes.push(`${what}: ${plural(text.length - kept.length, 'character')} of ${text.length} left out of the report`)
    return kept
  }
  const bounded: BoundedOutcome<O> = {
    ...outcome,
    failures: outcome.failures.map((failure, i) => boundFailure(failure, `failure ${i + 1}`, cut)),
    ...(outcome.expectedGolden !== undefined
      ? { expectedGolden: cut(outcome.expectedGolden, MAX_REPORT_TEXT_CHARS, 'the golden transcript') }
      : {}),
    ...(outcome.surfaces ? { surfaces: boundSurfaces(outcome.surfaces, notes) } : {}),
  }
  if (notes.length) bounded.leftOut = notes
  return bounded
}

type Cut = (text: string, max: number, what: string) => string

/** A failure's words, and the texts it carries (a differing file's two sides, replay's problems), within bounds. */
function boundFailure(failure: Failure, what: string, cut: Cut): Failure {
  const message = cut(failure.message, MAX_REPORT_FAILURE_CHARS, what)
  switch (failure.kind) {
    case 'surface':
      return {
        ...failure,
        message,
        ...(failure.expected !== undefined
          ? { expected: cut(failure.expected, MAX_REPORT_TEXT_CHARS, `${failure.file} (the golden side)`) }
          : {}),
        actual: cut(failure.actual, MAX_REPORT_TEXT_CHARS, `${failure.file} (this run's side)`),
      }
    case 'replay':
      return {
        ...failure,
        message,
        problems: failure.problems.map((problem, i) => ({
          ...problem,
          message: cut(problem.message, MAX_REPORT_FAILURE_CHARS, `${what}, replay problem ${i + 1}`),
        })),
      }
    default:
      return { ...failure, message }
  }
}

/** The transcript's first lines within the bound; session logs are not rendered, so none are kept past it. */
function boundSurfaces(surfaces: NonNullable<ScenarioOutcome['surfaces']>, notes: string[]) {
  const keep = (lines: readonly string[], what: string): string[] => {
    let chars = 0
    let count = 0
    for (const line of lines) {
      if (chars + line.length + 1 > MAX_REPORT_TEXT_CHARS) break
      chars += line.length + 1
      count++
    }
    if (count < lines.length) notes.push(`${what}: ${plural(lines.length - count, 'line')} left out of the report`)
    return lines.slice(0, count)
  }
  return {
    transcript: keep(surfaces.transcript, "this run's transcript"),
    sessionLogs: keep(surfaces.sessionLogs, "this run's session logs"),
  }
}

/** At most `max` characters of `text`, ending at a line end when there is one in the kept part. */
function cutAtLine(text: string, max: number): string {
  if (text.length <= max) return text
  const end = text.lastIndexOf('\n', max - 1)
  return end > 0 ? text.slice(0, end + 1) : text.slice(0, max)
}
