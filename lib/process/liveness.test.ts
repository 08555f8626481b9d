import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { groupHasLiveMembers, waitGroupGone } from './liveness.ts'

/** A `sleep` leading its own process group (pid = pgid). */
async function sleeper() {
  const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' })
  await once(child, 'spawn')
  return { pgid: child.pid!, child }
}

describe('waitGroupGone', () => {
  it('reports a live group as not gone when the wait runs out or is stopped, and gone once killed', async () => {
    const { pgid, child } = await sleeper()
    const exited = once(child, 'exit')
    try {
      expect(await groupHasLiveMembers(pgid)).toBe(true)
      expect(await waitGroupGone(pgid, { timeoutMs: 30 })).toBe(false)
      expect(await waitGroupGone(pgid, { stop: () => true })).toBe(false)
    } finally {
      process.kill(-pgid, 'SIGKILL')
    }
    expect(await waitGroupGone(pgid)).toBe(true)
    await exited
  })

  it('a group that no longer exists is gone at once', async () => {
    const { pgid, child } = await sleeper()
    const exited = once(child, 'exit')
    process.kill(-pgid, 'SIGKILL')
    await exited
    expect(await waitGroupGone(pgid, { timeoutMs: 0 })).toBe(true)
  })
})
