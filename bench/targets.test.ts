import { describe, expect, it } from 'vitest'
import { judgeTargets } from './targets.ts'

/** The verdicts of one headline, looked up by target id; a missing id fails the test. */
const byId = (headline: Parameters<typeof judgeTargets>[0]) => {
  const verdicts = new Map(judgeTargets(headline).map((verdict) => [verdict.id, verdict]))
  return (id: string) => {
    const verdict = verdicts.get(id)
    if (!verdict) throw new Error(`no verdict for target ${id}`)
    return verdict
  }
}

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
      expect(verdicts(id).status).toBe('PASS')
    expect(verdicts('subprocess').value).toBe(2)
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
      expect(verdicts(id).status).toBe('MISS')
  })

  it('skips targets whose part did not run or whose value is not a number', () => {
    const verdicts = byId({ subprocessMedianMs: 300, ratio: Number.NaN })
    expect(verdicts('inproc').status).toBe('SKIP')
    expect(verdicts('inproc').value).toBeUndefined()
    expect(verdicts('ratio').status).toBe('SKIP')
    expect(verdicts('subprocess').status).toBe('SKIP')
  })
})

describe('issue 27 ratios', () => {
  it('judges the in-process scenario in node starts, and vitest and npm test in cold dsh test runs', () => {
    const pass = byId({ inprocMedianMs: 6, nodeMs: 100, vitestCorpusS: 4, npmTestS: 40, dshCorpusS: 2 })
    expect(
      [pass('inproc-node'), pass('vitest-corpus'), pass('npm-test-corpus')].map((v) => [v.status, v.value]),
    ).toEqual([
      ['PASS', 0.06],
      ['PASS', 2],
      ['PASS', 20],
    ])
    const miss = byId({ inprocMedianMs: 17, nodeMs: 100, vitestCorpusS: 10, npmTestS: 80, dshCorpusS: 2 })
    expect([miss('inproc-node'), miss('vitest-corpus'), miss('npm-test-corpus')].map((v) => v.status)).toEqual([
      'MISS',
      'MISS',
      'MISS',
    ])
    expect(byId({ inprocMedianMs: 6 })('inproc-node').status).toBe('SKIP')
  })

  it("says beside the in-process verdict whether the agent's play alone could pass", () => {
    expect(byId({ inprocMedianMs: 9, playMedianMs: 7, nodeMs: 70 })('inproc-node')).toMatchObject({
      status: 'MISS',
      detail:
        'its play alone (the ACP exchange with the agent; no prepare, judge or cleanup) is 0.100×: ' +
        'cheaper preparing and judging cannot pass here',
    })
    expect(byId({ inprocMedianMs: 9, playMedianMs: 3.5, nodeMs: 70 })('inproc-node').detail).toBe(
      'its play alone (the ACP exchange with the agent; no prepare, judge or cleanup) is 0.050×',
    )
    expect(byId({ inprocMedianMs: 3, nodeMs: 70 })('inproc-node').detail).toBeUndefined()
  })

  it('names the ceiling of --jobs on this machine beside its speedup', () => {
    expect(byId({ jobsSpeedup: 1.2, jobsCeiling: 1.553 })('jobs-speedup')).toMatchObject({
      status: 'MISS',
      detail: 'no --jobs can pass 1.55× on this machine',
    })
    const alone = byId({ jobsSpeedup: 1.7 })('jobs-speedup')
    expect(alone.status).toBe('PASS')
    expect(alone.detail).toBeUndefined()
  })

  it('counts the npm test files over 10 s and names them', () => {
    const file = (name: string, wallMs: number) => ({ file: name, project: 'unit', wallMs })
    const over = byId({
      npmTestFiles: [file('a.test.ts', 10_000), file('b.test.ts', 12_340), file('c.test.ts', 31_000)],
    })
    expect(over('slow-files')).toMatchObject({ status: 'MISS', value: 2, detail: 'b.test.ts 12.3 s, c.test.ts 31.0 s' })
    const none = byId({ npmTestFiles: [file('a.test.ts', 9_999)] })
    expect(none('slow-files')).toMatchObject({ status: 'PASS', value: 0 })
    expect(none('slow-files').detail).toBeUndefined()
    expect(byId({})('slow-files').status).toBe('SKIP')
  })
})
