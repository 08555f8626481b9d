// This process's identity is read once: a lock per session asks for it, and neither the pid nor
// the start time of a running process ever changes.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { currentProcessIdentity, isProcessAlive } from './identity.ts'
import { parseProcStat } from './liveness.ts'

describe('currentProcessIdentity', () => {
  it('is the pid and /proc start time, read once and handed out unchanged', () => {
    const identity = currentProcessIdentity()
    const start = parseProcStat(readFileSync(`/proc/${process.pid}/stat`, 'utf8'))?.start
    expect(identity).toEqual({ pid: process.pid, start })
    expect(currentProcessIdentity()).toBe(identity)
    expect(Object.isFrozen(identity)).toBe(true)
    expect(isProcessAlive(identity)).toBe(true)
  })
})
