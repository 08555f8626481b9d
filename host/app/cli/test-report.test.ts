// What `dsh test` prints, as pure functions of outcomes: one line per scenario on a terminal, and
// each failure on one screen.
import { describe, expect, it } from 'vitest'
import { painter } from '../../../lib/style.ts'
import type { ScenarioOutcome } from '../../snapshot/model/outcome.ts'
import { formatStartLine, formatTextReport } from './test-report.ts'
import { failure } from '../../snapshot/model/failure.ts'

const plain = painter(false)
const outcome = (scenario: string, failures: string[] = []): ScenarioOutcome => ({
  scenario,
  ok: !failures.length,
  failures: failures.map((message) => failure('process', scenario, message)),
  written: [],
  durationMs: 12,
  mode: 'replay',
  host: 'in-process',
  recording: 'stub',
})
const result = (outcomes: ScenarioOutcome[]) => ({ outcomes, loadFailures: [], removed: [], interrupted: false })

describe('formatTextReport', () => {
  it('leaves the table out when the progress lines already named each scenario on the same terminal', () => {
    const run = result([outcome('a'), outcome('b')])
    expect(formatTextReport(run, plain)).toMatch(/^a +pass {2}12 ms\nb +pass {2}12 ms\n\n2 passed, 0 failed\n$/)
    expect(formatTextReport(run, plain, { progressShown: true })).toBe('2 passed, 0 failed\n')
  })

  it('names the normalize: rules each scenario went through and how many places they changed', () => {
    const normalized = { ...outcome('clock'), normalizedBy: [{ rule: 'path $.now → {{time}}', count: 2 }] }
    expect(formatTextReport(result([normalized, outcome('b')]), plain, { progressShown: true })).toBe(
      'Normalized (normalize: rules):\n  clock: normalized: path $.now → {{time}} (2 places)\n\n2 passed, 0 failed\n',
    )
  })

  it('prints a failure as its cause, its command and the rest by name, with the root shown relative', () => {
    const failures = ['scenario a: /root/x is broken\ndetail', 'scenario a: another thing']
    const text = formatTextReport(result([outcome('a', failures)]), plain, { roots: ['/root'], progressShown: true })
    expect(text).toBe(
      [
        'FAIL a',
        '    cause: scenario a: x is broken',
        '    next:  fix the agent, or the fixtures of scenario a',
        '    detail',
        '    also failing:',
        '      - scenario a: another thing',
        '',
        '0 passed, 1 failed',
        '',
      ].join('\n'),
    )
  })
})

describe('formatStartLine', () => {
  it('says one scenario, or several', () => {
    expect(formatStartLine(1, 'replay', 'in-process')).toBe('dsh test: 1 scenario, replay mode, in-process')
    expect(formatStartLine(0, 'replay', 'in-process')).toBe('dsh test: 0 scenarios, replay mode, in-process')
  })

  it('counts the scenarios that could not be loaded apart', () => {
    expect(formatStartLine(0, 'replay', 'in-process', 1)).toBe(
      'dsh test: 0 scenarios, replay mode, in-process; 1 scenario could not be loaded (see the report)',
    )
  })
})

describe('load failures', () => {
  it('are errors, not failed scenarios: each on its line, then a count line that adds up', () => {
    const run = { ...result([outcome('a')]), loadFailures: ['scenarios/b/snapshot.yml: line 2: bad.'] }
    expect(formatTextReport(run, plain, { progressShown: true })).toBe(
      'error: scenarios/b/snapshot.yml: line 2: bad.\n\n1 passed, 0 failed, 1 error\n',
    )
    const none = { ...result([]), loadFailures: ['x', 'y'] }
    expect(formatTextReport(none, plain)).toBe('error: x\nerror: y\n\n0 passed, 0 failed, 2 errors\n')
  })
})
