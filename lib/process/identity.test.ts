import { describe, expect, it } from 'vitest'
import { currentProcessIdentity, isProcessAlive } from './identity.ts'
import { readProcStat } from './liveness.ts'

describe('currentProcessIdentity', () => {
  it('is the pid and /proc start time, read once and handed out unchanged', () => {
    const identity = currentProcessIdentity()
    const start = readProcStat(process.pid)?.start
    expect(identity).toEqual({ pid: process.pid, start })
    expect(currentProcessIdentity()).toBe(identity)
    expect(Object.isFrozen(identity)).toBe(true)
    expect(isProcessAlive(identity)).toBe(true)
  })
})
