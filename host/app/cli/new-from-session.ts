// `dsh new NAME --from-session ID|PATH [--workspace DIR]`: import a session log as a scenario
// (host/snapshot/import/) and say what was written, which files could not be rebuilt, and whether
// the new scenario replays green or where it first drifts. Exit 0 green, 1 otherwise, 2 usage.
import { defaultSessionsRoot } from '../../../plugins/session/default-root.ts'
import { type CliIO, type OptionValues, UsageError, stringOption } from './command.ts'
import { plural } from '../../../lib/plural.ts'

const SHOWN_FAILURE_LINES = 30

export async function newFromSession(name: string, root: string, values: OptionValues, io: CliIO): Promise<number> {
  const from = stringOption(values, 'from-session')
  if (!from) throw new UsageError('--from-session needs a session id, an id prefix or a log path (see dsh sessions)')
  const { ImportError } = await import('../../snapshot/import/import-error.ts')
  const { resolveSessionLog } = await import('../../snapshot/import/sessions-root.ts')
  const { importSession } = await import('../../snapshot/import/import-session.ts')
  try {
    const log = resolveSessionLog(from, defaultSessionsRoot(io.env))
    io.stderr(`dsh new: importing ${log} as scenarios/${name}, then replaying it\n`)
    const outcome = await importSession({
      root,
      name,
      log,
      workspace: stringOption(values, 'workspace'),
      keep: !!values.keep,
      description: stringOption(values, 'description'),
      env: io.env,
      date: new Date().toISOString().slice(0, 10),
    })
    io.stdout(report(name, outcome))
    return outcome.replay.ok ? 0 : 1
  } catch (error) {
    // An ImportUsageError (no such session, a taken name) is a UsageError: the CLI exits 2.
    if (!(error instanceof ImportError)) throw error
    io.stderr(`dsh new: ${error.message}\n`)
    return 1
  }
}

type Outcome = Awaited<ReturnType<typeof import('../../snapshot/import/import-session.ts').importSession>>

function report(name: string, outcome: Outcome): string {
  const lines = outcome.written.map((file) => `wrote scenarios/${name}/${file}`)
  if (outcome.seeded.length) lines.push(`workspace: ${outcome.seeded.join(', ')}`)
  if (outcome.missing.length) {
    lines.push(
      `could not reconstruct ${plural(outcome.missing.length, 'file')} the session used; add them to ` +
        `scenarios/${name}/workspace/ or import again with --workspace DIR:`,
      ...outcome.missing.map(({ path, why }) => `  ${path}: ${why}`),
    )
  }
  lines.push(...outcome.notes.map((note) => `note: ${note}`), '')
  if (outcome.replay.ok) {
    lines.push(`replay: pass; scenarios/${name} replays green (npx dsh test ${name})`, '')
    return lines.join('\n')
  }
  const first = (outcome.replay.failures[0] ?? 'the scenario did not run (no failure was reported)').split('\n')
  const hiddenLines = first.length - SHOWN_FAILURE_LINES
  const otherFailures = outcome.replay.failures.length - 1
  const removed = outcome.removed
    ? `scenarios/${name} was removed, so a fixed import can run again (--keep keeps a failed one to edit by hand)`
    : `scenarios/${name} is kept (--keep): fix it by hand, or remove it before importing again`
  lines.push(
    'replay: FAIL; the first drift:',
    ...first.slice(0, SHOWN_FAILURE_LINES).map((line) => `  ${line}`),
    ...(hiddenLines > 0 ? [`  … (${plural(hiddenLines, 'more line')})`] : []),
    ...(otherFailures > 0 ? [`(${plural(otherFailures, 'more failure')})`] : []),
    removed,
    ...(outcome.removed ? [] : [`see all of it with npx dsh test ${name}`]),
    '',
  )
  return lines.join('\n')
}
