// The host's digest reads a replay problem through these two: the first line without the scenario
// label (and without the diff legend), and the diff lines after it.
import { describe, expect, it } from 'vitest'
import { asFixtureLoadError, problemDetail, problemSummary, type ReplayProblem } from './errors.ts'

const problem = (message: string): ReplayProblem => ({ code: 'REPLAY_DRIFT', message })

describe('a replay problem as the digest reads it', () => {
  it('drops the scenario label and the diff legend from the first line', () => {
    const drift = problem('scenario "s", turn 1 step 2: request differs; - recorded, + live:\n- a\n+ b')
    expect(problemSummary(drift, 's')).toBe('turn 1 step 2: request differs')
    expect(problemDetail(drift)).toEqual(['- a', '+ b'])
  })

  it('keeps a first line that names another scenario or has no legend, whole', () => {
    expect(problemSummary(problem('scenario "t", turn 1: exhausted'), 's')).toBe('scenario "t", turn 1: exhausted')
    expect(problemSummary(problem('no such call'), 's')).toBe('no such call')
    expect(problemDetail(problem('no such call'))).toEqual([])
  })

  it('gives an empty summary for an empty message', () => {
    expect(problemSummary(problem(''), 's')).toBe('')
  })
})

describe('asFixtureLoadError', () => {
  it('names a loader plain Error a FixtureLoadError, and passes anything else through', () => {
    const named = asFixtureLoadError(new Error('f.jsonl:3: not a session log'))
    expect(named).toMatchObject({ name: 'FixtureLoadError', message: 'f.jsonl:3: not a session log' })
    const crash = new TypeError('x is undefined')
    expect(asFixtureLoadError(crash)).toBe(crash)
    expect(asFixtureLoadError('text')).toBe('text')
  })
})
