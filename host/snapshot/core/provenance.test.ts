import { describe, expect, it } from 'vitest'
import { modelsOfLogs, staleness, today } from './provenance.ts'

describe('provenance from the fixtures', () => {
  it('lists the models the logs request/header events name, first use first, once each', () => {
    const header = (model: string) => JSON.stringify({ type: 'request/header', data: { model } })
    const chunk = JSON.stringify({ type: 'assistant/chunk', data: { model: 'not-a-header' } })
    expect(modelsOfLogs([`${header('b')}\n${chunk}\n${header('a')}\n`, `${header('b')}\n`])).toEqual(['b', 'a'])
    expect(modelsOfLogs([`${chunk}\n`])).toEqual([])
  })

  it('counts whole days and words a stale recording with the way to re-record it', () => {
    expect(today(new Date('2026-12-01T23:59:00Z'))).toBe('2026-12-01')
    const manifest = { recording: 'stub', date: '2026-11-01', maxAge: 29 }
    expect(staleness('demo', manifest, '2026-12-01')).toBe(
      'scenario demo: recorded 2026-11-01, 30 days ago, older than maxAge (29 days); ' +
        're-record it (dsh test --mode record-stale)',
    )
    expect(staleness('demo', { ...manifest, maxAge: 30 }, '2026-12-01')).toBeUndefined()
    expect(staleness('demo', { recording: 'stub', date: '2020-01-01' }, '2026-12-01')).toBeUndefined()
    expect(staleness('demo', { recording: 'authored', maxAge: 1 }, '2026-12-01')).toBeUndefined()
    expect(staleness('demo', { recording: 'live', maxAge: 1 }, '2026-12-01')).toMatch(/has no date; record it again/)
  })
})
