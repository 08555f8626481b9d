import { describe, expect, it } from 'vitest'
import { planRun } from './plan.ts'
import type { SandboxTier } from './tier.ts'

const bwrap: SandboxTier = { available: true, kind: 'bubblewrap', command: '/usr/bin/bwrap' }
const none: SandboxTier = { available: false, reason: 'no-bwrap' }

describe('sandbox plan', () => {
  it('confines where the tier exists, unless off', () => {
    expect(planRun('preferred', bwrap)).toEqual({ run: 'sandboxed', tier: bwrap })
    expect(planRun('required', bwrap)).toEqual({ run: 'sandboxed', tier: bwrap })
    expect(planRun('off', bwrap)).toEqual({ run: 'unsandboxed', why: 'off' })
  })

  it('without a tier: preferred runs unconfined saying why, required refuses', () => {
    expect(planRun('preferred', none)).toEqual({ run: 'unsandboxed', why: 'unavailable', tier: none })
    expect(planRun('required', none)).toEqual({ run: 'refused', why: 'unavailable', tier: none })
  })

  it('an approved rerun outside: allowed under preferred, refused under required', () => {
    expect(planRun('preferred', bwrap, true)).toEqual({ run: 'unsandboxed', why: 'escalated' })
    expect(planRun('required', bwrap, true)).toEqual({ run: 'refused', why: 'escalation-required' })
    expect(planRun('preferred', none, true)).toEqual({ run: 'unsandboxed', why: 'unavailable', tier: none })
  })
})
