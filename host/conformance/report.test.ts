import { describe, expect, it } from 'vitest'
import { painter } from '../../lib/style.ts'
import { formatText } from './format-text.ts'
import { exitCodeFor, summarize, type CaseResult, type RunReport } from './report.ts'

const result = (
  id: string,
  status: CaseResult['status'],
  required = true,
  extra: Partial<CaseResult> = {},
): CaseResult => ({
  id,
  file: `scenarios/conformance/cases/00${id.length}-${id}.json`,
  title: `the ${id} case`,
  spec: ['R1'],
  required,
  status,
  durationMs: status === 'not-run' ? 0 : 1234,
  failures: status === 'fail' ? [`checks[0] (stopReason): ${id} went wrong`] : [],
  warnings: [],
  ...extra,
})

describe('exit codes', () => {
  it('fails the run only for required cases; a signal wins', () => {
    expect(exitCodeFor([result('a', 'pass'), result('b', 'fail', false)])).toBe(0)
    expect(exitCodeFor([result('a', 'pass'), result('b', 'fail')])).toBe(1)
    expect(exitCodeFor([result('a', 'pass'), result('b', 'not-run')])).toBe(1)
    expect(exitCodeFor([result('a', 'interrupted')], 'SIGTERM')).toBe(143)
    expect(exitCodeFor([result('a', 'interrupted')], 'SIGHUP')).toBe(129)
    expect(exitCodeFor([], 'SIGINT')).toBe(130)
  })
})

describe('formatText', () => {
  it('prints the matrix, the details of failures and warnings, and the verdict', () => {
    const results = [
      result('one', 'pass'),
      result('three', 'fail', false, {
        agentStderr: 'line 1\nline 2\n',
        warnings: ['cleanup: a child had to be killed'],
      }),
      result('four', 'not-run', true, { reason: 'not launched: cleanup failed' }),
    ]
    const report: RunReport = {
      tool: 'dsh conformance',
      reportVersion: 1,
      profile: 'core',
      agentCommand: 'agent --x',
      permissionMode: 'approve-all',
      startedAt: '2025-01-01T00:00:00.000Z',
      durationMs: 2500,
      stoppedEarly: 'not launched: cleanup failed',
      results,
      summary: summarize(results),
      exitCode: exitCodeFor(results),
    }
    expect(formatText(report)).toBe(
      [
        'dsh conformance: profile core; agent: agent --x; permissions: approve-all',
        '',
        '  #    case   needed    result       time',
        '  003  one    required  pass         1.2 s',
        '  005  three  optional  FAIL         1.2 s',
        '  004  four   required  not run      -',
        '',
        'Details:',
        '  three (scenarios/conformance/cases/005-three.json): the three case [optional]',
        '    - checks[0] (stopReason): three went wrong',
        '    ~ warning: cleanup: a child had to be killed',
        '    agent stderr (start and end):',
        '      | line 1',
        '      | line 2',
        '',
        'Stopped early: not launched: cleanup failed',
        '',
        '3 cases in 2.5 s: 1 passed, 1 failed (0 required, 1 optional), 1 not run: FAIL (exit 1)',
        '',
      ].join('\n'),
    )
  })

  it('names the required/optional split only when a case failed', () => {
    const results = [result('one', 'pass'), result('two', 'pass', false)]
    const report: RunReport = {
      tool: 'dsh conformance',
      reportVersion: 1,
      profile: 'core',
      agentCommand: 'agent',
      permissionMode: 'approve-all',
      startedAt: '2025-01-01T00:00:00.000Z',
      durationMs: 10,
      results,
      summary: summarize(results),
      exitCode: exitCodeFor(results),
    }
    expect(formatText(report).trimEnd().split('\n').at(-1)).toBe(
      '2 cases in 10 ms: 2 passed, 0 failed, 0 not run: PASS (exit 0)',
    )
  })

  it('colours the status words and the verdict only when given a painter that colours', () => {
    const results = [result('one', 'pass'), result('two', 'fail')]
    const report: RunReport = {
      tool: 'dsh conformance',
      reportVersion: 1,
      profile: 'core',
      agentCommand: 'agent',
      permissionMode: 'approve-all',
      startedAt: '2025-01-01T00:00:00.000Z',
      durationMs: 10,
      results,
      summary: summarize(results),
      exitCode: exitCodeFor(results),
    }
    const coloured = formatText(report, painter(true))
    expect(coloured).toContain('\u001b[32mpass       \u001b[39m')
    expect(coloured).toContain('\u001b[31mFAIL\u001b[39m (exit 1)')
    expect(formatText(report)).not.toContain('\u001b[')
  })
})
