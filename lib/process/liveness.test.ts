import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { waitGroupGone } from './liveness.ts'

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
      expect(await waitGroupGone(pgid, { timeoutMs: 0 })).toBe(false)
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

  it('counts a member that outlived its leader: the group is live until that member ends too', async () => {
    // bash leads the group, starts a sleep in the background, prints its pid and exits.
    const leader = spawn('bash', ['-c', 'sleep 30 & echo $!'], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] })
    const [output] = (await once(leader.stdout, 'data')) as [Buffer]
    await once(leader, 'exit')
    const member = Number(output.toString().trim())
    const pgid = leader.pid!
    try {
      expect(await waitGroupGone(pgid, { timeoutMs: 0 })).toBe(false)
      process.kill(member, 'SIGKILL')
      expect(await waitGroupGone(pgid, { timeoutMs: 5_000 })).toBe(true)
    } finally {
      try {
        process.kill(-pgid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  })
})
