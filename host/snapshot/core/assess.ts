// Judge one normalized run against the committed fixtures (pure): what failed, and —
// in record / refresh mode — which files to rewrite. Nothing here touches the disk.
import { compareSurface } from './diff.ts'
import { renderSystemPromptSidecar, renderToolSchemasSidecar } from './normalize/header-sidecars.ts'
import type { NormalizedRun } from './normalize/run.ts'
import { sessionLogFileName } from '../scenario/fixture-files.ts'
import type { ExpectedFixtures, FixtureFile, RunMode } from './fixtures.ts'

/** A surface that differs from its committed file: what the HTML report shows side by side. */
export interface SurfaceMismatch {
  /** Repository-relative path of the committed file. */
  file: string
  kind: 'transcript' | 'session-log' | 'sidecar'
  /** undefined when the file does not exist. */
  expected: string | undefined
  actual: string
}

export interface Assessment {
  failures: string[]
  mismatches: SurfaceMismatch[]
  writes: Array<{ absolute: string; file: string; text: string }>
  /** Logs of sessions the new run no longer opens (record / refresh only). */
  deletes: Array<{ absolute: string; file: string }>
}

export interface AssessInput {
  scenario: string
  /** Absolute scenario folder, for logs that do not exist yet. */
  dir: string
  mode: RunMode
  expected: ExpectedFixtures
  run: NormalizedRun
}

export function assessRun(input: AssessInput): Assessment {
  const { scenario, mode, expected, run } = input
  const failures: string[] = []
  const mismatches: SurfaceMismatch[] = []
  const writes: Assessment['writes'] = []
  const deletes: Assessment['deletes'] = []
  const rewriting = mode !== 'replay'
  /** Compare, or queue a rewrite when this mode owns the file. */
  const surface = (
    target: FixtureFile,
    actual: string,
    kind: 'transcript' | 'session-log' | 'sidecar',
    owned: boolean,
  ) => {
    if (owned && rewriting) {
      if (target.text !== actual) writes.push({ absolute: target.absolute, file: target.file, text: actual })
      return
    }
    const failure = compareSurface({ scenario, file: target.file, expected: target.text, actual, kind })
    if (!failure) return
    failures.push(failure)
    mismatches.push({ file: target.file, kind, expected: target.text, actual })
  }

  surface(expected.golden, linesText(run.transcript), 'transcript', true)

  const logsOwned = !expected.logsReadOnly
  if (run.sessionLogs.length !== expected.logs.length && !(logsOwned && rewriting)) {
    failures.push(
      `scenario ${scenario}: the run produced ${run.sessionLogs.length} session log(s), the fixtures hold ` +
        `${expected.logs.length} (${expected.logs.map((l) => l.file).join(', ') || 'none'}); ` +
        `${logsOwned ? `re-record with npx dsh test ${scenario} --mode record` : 'fix input.json'}`,
    )
  } else {
    if (logsOwned && rewriting)
      deletes.push(...expected.logs.slice(run.sessionLogs.length).map(({ absolute, file }) => ({ absolute, file })))
    run.sessionLogs.forEach((text, index) => {
      const target = expected.logs[index] ?? {
        file: `scenarios/${scenario}/${sessionLogFileName(index)}`,
        absolute: `${input.dir}/${sessionLogFileName(index)}`,
        text: undefined,
      }
      surface(target, text, 'session-log', logsOwned)
    })
  }

  const header = expected.header
  const headers = run.headers.flat()
  if (header && headers.length) {
    surface(header.system, renderSystemPromptSidecar(headers), 'sidecar', header.ownsSidecars.system)
    surface(header.tools, renderToolSchemasSidecar(headers), 'sidecar', header.ownsSidecars.tools)
  }
  return { failures, mismatches, writes, deletes }
}

/** A transcript as the golden file holds it: one line each, newline-terminated. */
export function linesText(lines: readonly string[]): string {
  return lines.length ? `${lines.join('\n')}\n` : ''
}
