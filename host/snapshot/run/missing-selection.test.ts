import { describe, expect, it } from 'vitest'
import { parseManifest } from '../scenario/manifest.ts'
import type { ScenarioInput } from '../scenario/input.ts'
import { formatMissingSelection, selectMissing } from './missing-selection.ts'

type ScenarioListing = Parameters<typeof selectMissing>[0][number]
/** What a recording of the one scenario would write that its folder lacks. */
const missingFixtures = (listing: ScenarioListing) => selectMissing([listing]).record.flatMap((entry) => entry.missing)

function listing(name: string, files: string[], extra = 'recording: stub\n', sessions = 1): ScenarioListing {
  const manifest = parseManifest(`scenario: ${name}\ndescription: D.\n${extra}`, `scenarios/${name}/snapshot.yml`, name)
  const steps = [
    { op: 'initialize' },
    ...Array.from({ length: sessions }, (_, i) => ({ op: 'newSession', as: `s${i}` })),
  ]
  return {
    name,
    manifest,
    input: { steps } as unknown as ScenarioInput,
    files: ['snapshot.yml', 'input.json', ...files],
  }
}

describe('the missing fixtures', () => {
  it('names the golden and each session log input.json creates that the folder lacks', () => {
    expect(missingFixtures(listing('new', [], 'recording: stub\n', 2))).toEqual([
      'stdout.golden.jsonl',
      'session.jsonl',
      'session.1.jsonl',
    ])
    expect(missingFixtures(listing('half', ['stdout.golden.jsonl', 'session.jsonl'], 'recording: stub\n', 2))).toEqual([
      'session.1.jsonl',
    ])
  })

  it('asks only for a golden from a scenario without sessions or one restoring another scenario', () => {
    expect(missingFixtures(listing('rpc', [], 'recording: stub\n', 0))).toEqual(['stdout.golden.jsonl'])
    const restores = listing('load', ['stdout.golden.jsonl'], 'recording: stub\nsession: { source: other }\n')
    expect(missingFixtures(restores)).toEqual([])
  })
})

describe('selectMissing', () => {
  const selection = selectMissing([
    listing('complete', ['stdout.golden.jsonl', 'session.jsonl', 'system-prompt.expected.md']),
    listing('fresh', []),
    listing('no-log', ['stdout.golden.jsonl']),
    listing('by-hand', [], 'recording: authored\n'),
  ])

  it('records the scenarios lacking a recorded fixture and leaves complete ones alone', () => {
    expect(selection.record).toEqual([
      { scenario: 'fresh', missing: ['stdout.golden.jsonl', 'session.jsonl'] },
      { scenario: 'no-log', missing: ['session.jsonl'] },
    ])
    expect(selection.complete).toEqual(['complete'])
  })

  it('skips an authored scenario, which record mode never writes, and prints the selection', () => {
    expect(formatMissingSelection(selection)).toEqual([
      'record-missing: 2 to record, 1 complete (left untouched)',
      '  record fresh: no stdout.golden.jsonl, session.jsonl',
      '  record no-log: no session.jsonl',
      '  skip by-hand: lacks stdout.golden.jsonl, session.jsonl but is authored: ' +
        'write them by hand (record mode never writes it)',
    ])
  })
})
