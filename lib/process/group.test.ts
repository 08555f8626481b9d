// runInProcessGroup against real processes: a cancelled launcher whose group holds a process that
// ignores SIGTERM (as a sandbox's first process does when bubblewrap is signalled at its start).
import { expect, it } from 'vitest'
import { runInProcessGroup } from './group.ts'

/** Starts a member that ignores SIGTERM (it says so once it does) and waits: SIGTERM ends this shell only. */
const LAUNCHER = '(trap "" TERM; echo started; exec sleep 30) & wait'

async function cancelledRun(diesWithLauncher: boolean, killGraceMs: number) {
  const controller = new AbortController()
  const started = performance.now()
  const ending = await runInProcessGroup({
    file: 'bash',
    args: ['--noprofile', '--norc', '-c', LAUNCHER],
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    timeoutMs: 60_000,
    killGraceMs,
    signal: controller.signal,
    onOutput: (chunk) => {
      if (chunk.toString().includes('started')) controller.abort()
    },
    diesWithLauncher,
  })
  return { ending, ms: performance.now() - started }
}

it('kills what is left at once when a launcher whose sandbox dies with it exits during a stop', async () => {
  const { ending, ms } = await cancelledRun(true, 20_000)
  expect(ending).toEqual({ kind: 'cancelled' })
  expect(ms).toBeLessThan(10_000)
})

it('otherwise gives the group its grace period after SIGTERM', async () => {
  const { ending, ms } = await cancelledRun(false, 1_000)
  expect(ending).toEqual({ kind: 'cancelled' })
  expect(ms).toBeGreaterThanOrEqual(950)
})
