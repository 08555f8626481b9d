import { describe, expect, it } from 'vitest'
import { assertBaselinePasses } from './baseline.ts'

describe('assertBaselinePasses', () => {
  it('passes a corpus whose only failures are scenarios this host cannot run', () => {
    const runs = [
      { name: 'a', ok: true, durationMs: 1 },
      { name: 'b', ok: false, durationMs: 0, stoppedForTier: 'bubblewrap', failure: 'needs bubblewrap' },
    ]
    expect(() => assertBaselinePasses(runs)).not.toThrow()
  })

  it('names the corpus failing before any mutant, with each failing scenario and what to do', () => {
    const runs = [
      { name: 'a', ok: true, durationMs: 1 },
      { name: 'broken', ok: false, durationMs: 3, failure: 'replay drift at turn 2\nmore' },
    ]
    expect(() => assertBaselinePasses(runs)).toThrow(
      expect.objectContaining({
        code: 'corpus-fails',
        message: expect.stringMatching(/1 of 2 scenarios[\s\S]*broken: replay drift at turn 2\n[\s\S]*dsh test/),
      }),
    )
  })
})
