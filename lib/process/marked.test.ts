// A process signalled through its marker stays followed after it stops carrying the marker: a
// dying process loses its environment before it is a zombie, and one may exec with a clean one.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { isLiveState, readProcStat } from './liveness.ts'
import { killMarked, markedProcesses, type SignalledProcesses, signalMarked } from './marked.ts'

const started: number[] = []
afterEach(() => {
  for (const pid of started.splice(0))
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
})

const runs = (pid: number) => {
  const stat = readProcStat(pid)
  return !!stat && isLiveState(stat.state)
}

/** A shell carrying the marker that, on SIGTERM, becomes a `sleep` with an empty environment. */
async function shedsItsMarker(marker: { name: string; value: string }) {
  const script = 'trap "exec env -i sleep 30" TERM; echo ready; while :; do sleep 0.05; done'
  const child = spawn('sh', ['-c', script], {
    env: { PATH: process.env.PATH, [marker.name]: marker.value },
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  await once(child.stdout!, 'data')
  started.push(child.pid!)
  return child.pid!
}

describe.runIf(process.platform === 'linux')('killMarked', () => {
  it('ends a process signalled before, though it no longer carries the marker', async () => {
    const marker = { name: 'DSH_MARKED_TEST', value: randomUUID() }
    const pid = await shedsItsMarker(marker)
    const signalled: SignalledProcesses = new Map()
    signalMarked(marker, 'SIGTERM', signalled)
    expect(signalled.has(pid)).toBe(true)
    await expect.poll(() => markedProcesses(marker).includes(pid), { timeout: 10_000 }).toBe(false)
    expect(runs(pid)).toBe(true)

    expect(await killMarked(marker, 5_000, signalled)).toEqual([])
    expect(runs(pid)).toBe(false)
  })
})
