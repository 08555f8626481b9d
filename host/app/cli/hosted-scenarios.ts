// `dsh` with the snapshot host in its composition (overlays/snapshot-host.cordis.yml): instead of
// serving ACP on stdio it runs the scenarios named by DSH_SNAPSHOT_SCENARIOS inside itself,
// prints one line per scenario (and the diffs of failures) on stdout, and exits 0 when all pass.
import type { Context } from 'cordis'
import type {} from '../../snapshot/service/events.ts'
import { SnapshotHostError } from '../../snapshot/service/guard.ts'
import type { SnapshotService } from '../../snapshot/service/service.ts'
import { paintFor, type CliIO } from './command.ts'
import { formatFailures, formatProgressLine } from './test-report.ts'

const EXIT_INTERRUPTED = 130

/** Run the configured scenarios; resolves with the exit code. `stop` resolving interrupts between scenarios. */
export async function runHostedScenarios(
  ctx: Context,
  snapshot: SnapshotService,
  io: CliIO,
  stop: Promise<unknown>,
): Promise<number> {
  const controller = new AbortController()
  void stop.then(() => controller.abort())
  // A reporter like the others: it prints what the service announces (`dsh test`'s line format).
  const paint = paintFor(io, 'stdout')
  const stopListening = ctx.on('snapshot/scenario-end', ({ outcome, index, total }) => {
    const line = formatProgressLine(outcome, index, total, paint)
    io.stdout(`${line}\n${outcome.ok ? '' : `${formatFailures(outcome, paint)}\n`}`)
  })
  try {
    const result = await snapshot.runConfigured(controller.signal)
    const passed = result.outcomes.filter((outcome) => outcome.ok).length
    const failed = result.outcomes.length - passed
    io.stdout(`${passed} passed, ${failed} failed${result.interrupted ? ' (interrupted)' : ''}\n`)
    if (result.interrupted) return EXIT_INTERRUPTED
    return failed ? 1 : 0
  } catch (error) {
    if (!(error instanceof SnapshotHostError)) throw error
    io.stderr(`dsh: ${error.message}\n`)
    return 1
  } finally {
    stopListening()
  }
}
