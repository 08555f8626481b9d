import { describe, expect, it } from 'vitest'
import { parseBenchArgs } from './args.ts'

describe('parseBenchArgs', () => {
  it('defaults to every part, 3 kept runs after 1 warm-up', () => {
    expect(parseBenchArgs([])).toEqual({
      runs: 3,
      warmup: 1,
      parts: [
        'scenarios',
        'fixed',
        'corpus',
        'scale',
        'suite',
        'select',
        'npm-test',
        'determinism',
        'jobs',
        'scale-corpus',
        'subagents',
        'sandbox',
        'mutate',
        'consumer-vitest',
      ],
      corpusSize: 1000,
      json: undefined,
      help: false,
    })
  })

  it('takes repeated --only in the fixed part order, and --runs, --warmup, --json', () => {
    expect(
      parseBenchArgs(['--only', 'suite', '--only', 'fixed', '--runs', '7', '--warmup', '0', '--json', 'out.json']),
    ).toEqual({ runs: 7, warmup: 0, parts: ['fixed', 'suite'], corpusSize: 1000, json: 'out.json', help: false })
    expect(parseBenchArgs(['--only', 'scale-corpus', '--corpus-size', '300'])).toMatchObject({
      parts: ['scale-corpus'],
      corpusSize: 300,
    })
  })

  it('leaves out the npm-test part with --skip-npm-test, alone or with --only', () => {
    expect(parseBenchArgs(['--skip-npm-test']).parts).toEqual([
      'scenarios',
      'fixed',
      'corpus',
      'scale',
      'suite',
      'select',
      'determinism',
      'jobs',
      'scale-corpus',
      'subagents',
      'sandbox',
      'mutate',
      'consumer-vitest',
    ])
    expect(parseBenchArgs(['--only', 'npm-test', '--only', 'fixed', '--skip-npm-test']).parts).toEqual(['fixed'])
    expect(parseBenchArgs(['--only', 'npm-test']).parts).toEqual(['npm-test'])
  })

  it('rejects unknown parts, bad counts and stray arguments', () => {
    expect(() => parseBenchArgs(['--only', 'scenario'])).toThrow(
      /unknown part; choose from scenarios, fixed, corpus, scale, suite, select, npm-test/,
    )
    expect(() => parseBenchArgs(['--runs', '0'])).toThrow(/--runs 0: expected an integer ≥ 1/)
    expect(() => parseBenchArgs(['--warmup', '1.5'])).toThrow(/--warmup 1.5/)
    expect(() => parseBenchArgs(['--corpus-size', '0'])).toThrow(/--corpus-size 0: expected an integer ≥ 1/)
    expect(() => parseBenchArgs(['fixed'])).toThrow(/unexpected argument "fixed"/)
    expect(() => parseBenchArgs(['--bogus'])).toThrow()
  })
})
