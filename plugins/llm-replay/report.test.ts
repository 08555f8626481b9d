import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readReport, writeReport } from './report.ts'

const folder = () => mkdtempSync(join(tmpdir(), 'dsh-replay-report-'))

describe('replay report file', () => {
  it('round-trips problems and leaves no temporary file behind', () => {
    const dir = folder()
    const file = join(dir, 'report.json')
    const problems = [{ code: 'REPLAY_UNCONSUMED' as const, message: 'session 1: 2 entries never requested' }]
    writeReport(file, { scenario: 'demo', problems })
    expect(readReport(file)).toEqual({ scenario: 'demo', problems })
    expect(readdirSync(dir)).toEqual(['report.json'])
  })

  it('is undefined when replay never wrote one, and names a file that is not a report', () => {
    const dir = folder()
    expect(readReport(join(dir, 'absent.json'))).toBeUndefined()
    writeFileSync(join(dir, 'torn.json'), '{"problems": [')
    expect(() => readReport(join(dir, 'torn.json'))).toThrow(/torn\.json: not a replay report \(not JSON/)
    writeFileSync(join(dir, 'other.json'), '{"problems": [{"code": "NOPE", "message": "x"}]}')
    expect(() => readReport(join(dir, 'other.json'))).toThrow(/other\.json: not a replay report: /)
  })
})
