import { describe, expect, it } from 'vitest'
import { judgeTargets } from './targets.ts'

const byId = (headline: Parameters<typeof judgeTargets>[0]) =>
  Object.fromEntries(judgeTargets(headline).map((verdict) => [verdict.id, verdict]))

describe('judgeTargets', () => {
  it('passes values on the right side of each limit, limits included', () => {
    const verdicts = byId({
      inprocMedianMs: 12,
      ratio: 25,
      subprocessMedianMs: 400,
      floorMs: 200,
      scale100kMs: 1999,
      scale10kTo100k: 12,
      suiteS: 15,
      selectS: 6,
      npmTestS: 35,
      binRatio: 1.4,
    })
    for (const id of [
      'inproc',
      'ratio',
      'subprocess',
      'scale-100k',
      'scale-ratio',
      'suite',
      'select',
      'npm-test',
      'bin-ratio',
    ])
      expect(verdicts[id].status).toBe('PASS')
    expect(verdicts.subprocess.value).toBe(2)
  })

  it('misses values beyond a limit, in the direction of the target', () => {
    const verdicts = byId({
      inprocMedianMs: 12.1,
      ratio: 24.9,
      subprocessMedianMs: 401,
      floorMs: 200,
      agent100kMs: 5000,
      agent10kTo100k: 12.5,
      suiteS: 16,
      selectS: 6.1,
      npmTestS: 74,
      binRatio: 2.7,
    })
    for (const id of [
      'inproc',
      'ratio',
      'subprocess',
      'agent-100k',
      'agent-ratio',
      'suite',
      'select',
      'npm-test',
      'bin-ratio',
    ])
      expect(verdicts[id].status).toBe('MISS')
  })

  it('skips targets whose part did not run or whose value is not a number', () => {
    const verdicts = byId({ subprocessMedianMs: 300, ratio: Number.NaN })
    expect(verdicts.inproc.status).toBe('SKIP')
    expect(verdicts.inproc.value).toBeUndefined()
    expect(verdicts.ratio.status).toBe('SKIP')
    expect(verdicts.subprocess.status).toBe('SKIP')
  })
})
