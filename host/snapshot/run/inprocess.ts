// In-process run: boot the live composition with the host plugin inserted, drive the
// scenario over the in-memory pipe, then shut down (flushing every log).
import { bootComposition } from '../../app/boot.ts'
import { driveScenario } from '../plugin/driver/driver.ts'
import type {} from '../plugin/snapshot-host.ts'
import type { ReplayService } from '../../../plugins/llm-replay/index.ts'
import { collectLogs, type RawCapture } from '../env/capture.ts'
import { runComposition } from './patches.ts'
import type { PreparedRun } from '../env/prepare.ts'

export async function runInProcess(
  run: PreparedRun,
  options: { timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<RawCapture> {
  const diagnostics: string[] = []
  const booted = await bootComposition({
    ...runComposition({ ...run, transport: 'memory' }),
    env: { ...options.env, ...run.environment },
    log: (line) => diagnostics.push(line),
  })
  const failures: string[] = []
  let stdout = ''
  try {
    const host = booted.ctx.snapshotHost
    const result = await driveScenario({
      scenario: run.scenario.name,
      input: run.scenario.input,
      stream: host.clientStream(),
      feed: host.feed,
      cwd: run.cwd.path,
      timeoutMs: options.timeoutMs,
      predefined: run.predefined,
      unusedAnswers: run.scenario.manifest.permissions.unusedAnswers,
    })
    failures.push(...result.failures)
    const replay = booted.ctx.get('replay') as ReplayService | undefined
    try {
      replay?.verify()
    } catch (error) {
      failures.push((error as Error).message)
    }
    stdout = host.transcript()
  } finally {
    await booted.dispose()
  }
  // After boot the composition only speaks up when something went wrong (a plugin error, an
  // update that could not be sent): that fails the scenario, as it does in the subprocess host.
  failures.push(...diagnostics.map((line) => `${run.scenario.name}: ${line}`))
  return { stdout, logs: collectLogs(run.sessionsRoot, stdout), failures }
}
