import { describe, expect, it } from 'vitest'
import { resolveSources } from './sources.ts'

describe('resolveSources', () => {
  it('uses the config, resolving paths against the cwd and labelling the scenario by folder', () => {
    const sources = resolveSources(
      { sessions: [{ file: 'scenarios/ls/session.jsonl', override: 'o.json' }] },
      { DSH_SNAPSHOT_FILE: '/ignored.jsonl' },
      '/repo',
    )
    expect(sources).toEqual({
      scenario: 'ls',
      sessions: [{ file: '/repo/scenarios/ls/session.jsonl', override: '/repo/o.json' }],
      override: undefined,
    })
  })

  it('falls back to DSH_SNAPSHOT_FILE and DSH_SNAPSHOT_OVERRIDE; an explicit config override wins', () => {
    const env = {
      DSH_SNAPSHOT_FILE: '["/s/a/session.jsonl","/s/a/session.1.jsonl"]',
      DSH_SNAPSHOT_OVERRIDE: '/s/a/replay.override.json',
    }
    expect(resolveSources({ scenario: 'named' }, env, '/repo')).toEqual({
      scenario: 'named',
      sessions: [{ file: '/s/a/session.jsonl' }, { file: '/s/a/session.1.jsonl' }],
      override: '/s/a/replay.override.json',
    })
    expect(resolveSources({ override: 'mine.json' }, env, '/repo').override).toBe('/repo/mine.json')
  })

  it('accepts an explicit empty list: a scenario that never calls the model', () => {
    expect(
      resolveSources({ scenario: 'no-model', sessions: [] }, { DSH_SNAPSHOT_FILE: '/x/session.jsonl' }, '/repo'),
    ).toEqual({ scenario: 'no-model', sessions: [], override: undefined })
    // Without a log to name it after, errors call the scenario "replay".
    expect(resolveSources({ sessions: [] }, {}, '/repo').scenario).toBe('replay')
  })

  it('explains what to set when there is no session log at all', () => {
    expect(() => resolveSources({}, {}, '/repo')).toThrow(
      'llm-replay has no session log to replay: set the plugin config "sessions"',
    )
    // The way out that needs no recording (README "Run the agent"): the echo overlay.
    expect(() => resolveSources({}, {}, '/repo')).toThrow('start dsh with --patch echo')
  })
})

describe('DSH_SNAPSHOT_FILE', () => {
  const parseFileVariable = (value: string) =>
    resolveSources({}, { DSH_SNAPSHOT_FILE: value }, '/').sessions.map((session) => session.file)

  it('reads one path or a JSON array of paths', () => {
    expect(() => parseFileVariable(' ')).toThrow('llm-replay has no session log to replay')
    expect(parseFileVariable(' a/session.jsonl ')).toEqual(['/a/session.jsonl'])
    expect(parseFileVariable('["a","b"]')).toEqual(['/a', '/b'])
  })

  it('rejects a broken array with the variable name', () => {
    expect(() => parseFileVariable('["a",')).toThrow(
      'DSH_SNAPSHOT_FILE starts with "[" but is not a JSON array of paths',
    )
    expect(() => parseFileVariable('["a", 3]')).toThrow(
      'DSH_SNAPSHOT_FILE must be one path or a JSON array of non-empty path strings',
    )
  })
})
