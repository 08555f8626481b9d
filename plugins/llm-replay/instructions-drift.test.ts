// Project instructions (AGENTS.md) are part of the system prompt: a file gone, changed or new since
// the recording is named with what it was and what it is.
import { describe, expect, it } from 'vitest'
import { type InstructionFileRecord, instructionsDrift } from './instructions-drift.ts'

const file = (path: string, sha: string, bytes = 10): InstructionFileRecord => ({ path, bytes, sha256: sha.repeat(64) })

describe('instructionsDrift', () => {
  it('says nothing when the same files have the same contents', () => {
    expect(instructionsDrift([file('AGENTS.md', 'a')], [file('AGENTS.md', 'a')])).toBeUndefined()
    expect(instructionsDrift([], [])).toBeUndefined()
  })

  it('names a file gone, a file changed and a file new, each with its hash and size', () => {
    const recorded = [file('AGENTS.md', 'a'), file('sub/AGENTS.md', 'b', 4)]
    const live = [file('AGENTS.md', 'c', 12), file('docs/AGENTS.md', 'd', 7)]
    const text = instructionsDrift(recorded, live)
    expect(text).toMatch(/^project instructions drift: /)
    expect(text).toContain(
      'AGENTS.md changed since the recording ' +
        '(recorded sha256 aaaaaaaaaaaa, 10 bytes; now sha256 cccccccccccc, 12 bytes)',
    )
    expect(text).toContain(
      'sub/AGENTS.md was there when the scenario was recorded (sha256 bbbbbbbbbbbb, 4 bytes) and is gone now',
    )
    expect(text).toContain('docs/AGENTS.md is new since the recording (sha256 dddddddddddd, 7 bytes)')
    expect(text).toMatch(/restore the file, or re-record the scenario$/)
  })
})
