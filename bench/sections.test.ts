import { describe, expect, it } from 'vitest'
import {
  corpusSection,
  determinismSection,
  fixedSection,
  scaleSection,
  scenariosSection,
  suiteSection,
} from './sections.ts'
import { summarize } from './stats.ts'

describe('scenariosSection', () => {
  it('marks failed scenarios, says why, and counts only the clean ones', () => {
    const lines = scenariosSection({
      rows: [
        { name: 'text-turn', inproc: summarize([20]), play: summarize([14]), subprocess: summarize([260]), ratio: 13 },
        {
          name: 'broken',
          inproc: summarize([5]),
          subprocess: summarize([250]),
          ratio: 50,
          failure: 'in-process: golden differs',
        },
      ],
      inprocMedianMs: 20,
      playMedianMs: 14,
      subprocessMedianMs: 260,
      ratio: 13,
    })
    expect(lines).toContain('text-turn                20.0 ms   14.0 ms    260.0 ms  13.00×')
    expect(lines).toContain('broken (not counted)     5.00 ms       n/a    250.0 ms  50.00×')
    expect(lines).toContain('not counted: broken: in-process: golden differs')
    expect(lines.slice(-2)).toEqual([
      'typical scenario (median over 1 of 2): in-process 20.0 ms, subprocess 260.0 ms, ratio 13.00×',
      'its play alone (the ACP exchange with the agent, on its stage; preparing, judging, cleaning up ' +
        'not timed): 14.0 ms',
    ])
  })
})

describe('scaleSection', () => {
  it('shows the agent path per chunk, and n/a where it was not measured', () => {
    const s = (ms: number) => summarize([ms])
    const lines = scaleSection({
      rows: [
        {
          label: '10k chunks',
          chunks: 10_000,
          bytes: 1_050_000,
          derive: s(1),
          replay: s(60),
          normalize: s(90),
          components: s(150),
          agent: { replay: s(900), normalize: s(100), total: s(1000) },
        },
        {
          label: '1k chunks',
          chunks: 1_000,
          bytes: 105_000,
          derive: s(0.2),
          replay: s(30),
          normalize: s(5),
          components: s(35),
        },
      ],
      componentsRatio: 8.07,
      agentRatio: Number.NaN,
      identityPerChunk: 1.04,
    })
    expect(lines[3]).toMatch(/^10k chunks +10000 +1\.1 .* 1\.00 s +100$/)
    expect(lines[4]).toMatch(/ n\/a +n\/a +n\/a +n\/a$/)
    expect(lines.at(-2)).toBe('10k → 100k cost ratio: components 8.07×, agent loop n/a (linear growth is 10×)')
    expect(lines.at(-1)).toBe(
      'compactions and retries bound by identity, per chunk over 100 turns × 100: 1.04× (linear is 1×)',
    )
  })
})

describe('fixedSection', () => {
  it("shows the --help start over node start, measured side by side, and serve's imports in the floor", () => {
    const s = (ms: number) => summarize([ms])
    const lines = fixedSection({
      nodeStart: s(60),
      binHelp: s(72),
      binRatio: 1.2,
      serveImport: s(150),
      binImportMs: 90,
      boot: s(10),
      serveEof: s(220),
      floorMs: 82,
    })
    expect(lines).toContain(
      "--help / node start = 1.20× (runs interleaved); bin import ≈ serve's imports − node start = 90.0 ms",
    )
    expect(lines.some((line) => /^node: import dsh serve's command module +150\.0 ms/.test(line))).toBe(true)
  })
})

describe('suiteSection', () => {
  it('titles the section and warns when the command failed', () => {
    const timing = { command: 'npm test', wall: summarize([61_000]), tests: 'Tests  700 passed (700)', code: 1 }
    const lines = suiteSection(timing, 'npm test')
    expect(lines[0]).toBe('== npm test ==')
    expect(lines[1]).toBe('npm test: 61.00 s median of 1 (min 61.00 s, max 61.00 s); Tests  700 passed (700); exit 1')
    expect(lines[2]).toMatch(/did not pass/)
  })
})

describe('determinismSection', () => {
  it('prints the count of runs and distinct outcomes', () => {
    const lines = determinismSection({
      scenarios: 46,
      runs: 100,
      distinct: 1,
      divergences: [],
      failing: [],
      wallMs: 200_000,
    })
    expect(lines).toEqual([
      '== determinism: the corpus (46 scenarios) replayed 100 times in one host composition ==',
      'runs=100 distinct=1',
      '200.00 s in all, 2.00 s per corpus run',
    ])
  })

  it('names the runs that differ, the scenarios that failed, and says the corpus is not deterministic', () => {
    const lines = determinismSection({
      scenarios: 2,
      runs: 5,
      distinct: 2,
      divergences: [{ run: 4, scenarios: ['session-list'] }],
      failing: [{ scenario: 'session-list', run: 4, failure: 'scenario session-list: stdout.golden.jsonl differs' }],
      wallMs: 500,
    })
    expect(lines.slice(1)).toEqual([
      'runs=5 distinct=2',
      'run 4 differs from run 1 in: session-list',
      'failed: session-list (first in run 4): scenario session-list: stdout.golden.jsonl differs',
      '500.0 ms in all, 100.0 ms per corpus run; NOT DETERMINISTIC or not green: see above',
    ])
  })
})

describe('suiteSection with file times', () => {
  it('lists the slowest files, every one over the limit included', () => {
    const files = Array.from({ length: 14 }, (_, index) => ({
      file: `f${index}.test.ts`,
      project: 'unit',
      wallMs: 14_000 - index * 1000,
    }))
    const timing = { command: 'npm test', wall: summarize([40_000]), tests: 'Tests  9 passed (9)', code: 0, files }
    const lines = suiteSection(timing, 'npm test')
    expect(lines[2]).toBe('slowest of 14 test files (wall in their worker; 4 over 10 s):')
    expect(lines[5]).toMatch(/^f0\.test\.ts +unit +14\.00 s$/)
    expect(lines).toHaveLength(3 + 2 + 10)
  })
})

describe('corpusSection', () => {
  it('shows both cold runs and their ratio, and warns when one failed', () => {
    const lines = corpusSection({
      dsh: { command: 'dsh test', wall: summarize([2000]), tests: '46 passed, 0 failed', code: 0 },
      vitest: { command: 'vitest', wall: summarize([3000, 5000]), tests: 'Tests  45 passed (46)', code: 1 },
    })
    expect(lines.slice(1)).toEqual([
      'dsh test: 2.00 s median of 1 (min 2.00 s, max 2.00 s); 46 passed, 0 failed; exit 0',
      'vitest: 4.00 s median of 2 (min 3.00 s, max 5.00 s); Tests  45 passed (46); exit 1',
      'vitest / dsh test = 2.00×',
      'warning: a corpus run did not pass; its time may not be representative',
    ])
  })
})
