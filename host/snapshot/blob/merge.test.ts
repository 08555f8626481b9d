import { describe, expect, it } from 'vitest'
import { BLOB_FORMAT, ReportBlobError, parseReportBlob, type ReportBlob } from './blob.ts'
import { mergeReportBlobs, type NamedBlob } from './merge.ts'
import { failure } from '../model/failure.ts'

const selection = ['pin-a', 'b', 'c', 'd', 'e']

function shardBlob(index: number, count: number, assigned: string[], extra: Partial<ReportBlob> = {}): NamedBlob {
  const blob: ReportBlob = {
    format: BLOB_FORMAT,
    dsh: '0.1.0',
    corpus: { id: 'c0ffee', count: 5 },
    shard: { index, count },
    mode: 'replay',
    selection,
    assigned,
    interrupted: false,
    loadFailures: [],
    removed: [],
    outcomes: assigned.map((scenario) => ({
      scenario,
      ok: scenario !== 'd',
      failures: scenario === 'd' ? [failure('process', 'd', 'scenario d: differs')] : [],
      written: [],
      durationMs: 5,
      mode: 'replay',
      host: 'in-process',
    })),
    inputs: Object.fromEntries(assigned.map((name) => [name, { steps: [] } as never])),
    provenance: Object.fromEntries(assigned.map((name) => [name, `recording: stub · ${name}`])),
    ...extra,
  }
  return { file: `blob-${index}.json`, blob }
}

const three = () => [shardBlob(2, 3, ['c', 'd']), shardBlob(1, 3, ['pin-a', 'b']), shardBlob(3, 3, ['e'])]

describe('mergeReportBlobs', () => {
  it('puts the shards of one run back together, outcomes in run order, whatever the blob order', () => {
    const merged = mergeReportBlobs(three())
    expect(merged.outcomes.map((o) => o.scenario)).toEqual(selection)
    expect(merged).toMatchObject({ shard: null, assigned: selection, interrupted: false })
    expect(Object.keys(merged.inputs).sort()).toEqual([...selection].sort())
    // The merged HTML report states every scenario's provenance, whichever shard ran it.
    expect(merged.provenance?.e).toBe('recording: stub · e')
    expect(Object.keys(merged.provenance ?? {}).sort()).toEqual([...selection].sort())
  })

  it('keeps an interruption and every load failure once', () => {
    const blobs = three()
    blobs[1]!.blob = { ...blobs[1]!.blob, interrupted: true, interruptedBy: 'SIGTERM', loadFailures: ['x broken'] }
    blobs[2]!.blob = { ...blobs[2]!.blob, loadFailures: ['x broken'] }
    expect(mergeReportBlobs(blobs)).toMatchObject({
      interrupted: true,
      interruptedBy: 'SIGTERM',
      loadFailures: ['x broken'],
    })
  })

  const refusals: Array<[string, () => NamedBlob[], RegExp]> = [
    [
      'another dsh version',
      () => [...three().slice(0, 2), shardBlob(3, 3, ['e'], { dsh: '0.2.0' })],
      /blob-2.json has dsh version 0.1.0, blob-3.json has 0.2.0/,
    ],
    [
      'another corpus',
      () => [...three().slice(0, 2), shardBlob(3, 3, ['e'], { corpus: { id: 'beef', count: 5 } })],
      /blob-2.json has corpus c0ffee \(5 scenarios\), blob-3.json has beef/,
    ],
    [
      'a missing shard, and the scenarios no blob has',
      () => three().slice(0, 2),
      /shard 3\/3 missing: 2 of 3 blobs given, so no blob has scenario e;/,
    ],
    [
      'a shard twice',
      () => [...three(), shardBlob(3, 3, ['e'])],
      /shard 3\/3 is given twice: blob-3.json and blob-3.json/,
    ],
    [
      'a scenario in two blobs',
      () => [shardBlob(1, 2, ['pin-a', 'b', 'c']), shardBlob(2, 2, ['c', 'd', 'e'])],
      /scenario c is in two blobs, blob-1.json and blob-2.json/,
    ],
    ['shards of different splits', () => [shardBlob(1, 2, ['pin-a']), shardBlob(2, 3, ['b'])], /one of 2 shards/],
    ['no blob', () => [], /no blob given/],
  ]
  for (const [what, blobs, message] of refusals)
    it(`refuses ${what}`, () => {
      expect(() => mergeReportBlobs(blobs())).toThrow(ReportBlobError)
      expect(() => mergeReportBlobs(blobs())).toThrow(message)
    })
})

describe('parseReportBlob', () => {
  it('reads the blob of a report, and names a torn file or one that is no blob', () => {
    const { blob } = shardBlob(1, 1, selection)
    expect(parseReportBlob(JSON.stringify({ ok: true, blob }), 'r.json')).toEqual(blob)
    const text = JSON.stringify({ ok: true, blob })
    expect(() => parseReportBlob(text.slice(0, text.length / 2), 'r.json')).toThrow(
      /r.json is torn: it is not whole JSON/,
    )
    expect(() => parseReportBlob('{"ok": true, "scenarios": []}', 'r.json')).toThrow(/r.json is not a dsh report blob/)
    const { outcomes: _, ...damaged } = blob
    expect(() => parseReportBlob(JSON.stringify({ blob: damaged }), 'r.json')).toThrow(/damaged .* lacks outcomes/)
  })
})

describe('parseReportBlob refuses tampered outcomes (issue 43, silent 21)', () => {
  const parse = (blob: ReportBlob) => () => parseReportBlob(JSON.stringify({ ok: true, blob }), 'shard-1.json')

  it("refuses an outcome outside the blob's assignment: it would replace another shard's result", () => {
    const { blob } = shardBlob(1, 3, ['pin-a', 'b'])
    const stolen = { ...blob.outcomes[0]!, scenario: 'e' }
    expect(parse({ ...blob, outcomes: [...blob.outcomes, stolen] })).toThrow(
      'shard-1.json has unsound outcomes; the blob was altered or damaged: write it again with dsh test --report ' +
        "FILE:\n  - outcomes[2] (scenario e) is not in this blob's assignment (2 scenarios: pin-a, b); it would " +
        "replace another shard's result",
    )
    expect(parse({ ...blob, outcomes: [...blob.outcomes, blob.outcomes[1]!] })).toThrow(
      'outcomes[2] (scenario b) is the second outcome of that scenario in this blob',
    )
  })

  it('refuses ok: true with failures listed', () => {
    const { blob } = shardBlob(2, 3, ['c', 'd'])
    const [c, d] = blob.outcomes
    expect(parse({ ...blob, outcomes: [c!, { ...d!, ok: true }] })).toThrow(
      'outcomes[1] (scenario d) says ok: true but lists 1 failure',
    )
  })

  it('names failure entries that are not failures, instead of crashing the report', () => {
    const { blob } = shardBlob(2, 3, ['c', 'd'])
    const [c, d] = blob.outcomes
    const tampered = { ...d!, failures: ['scenario d: differs'] as never }
    expect(parse({ ...blob, outcomes: [c!, tampered] })).toThrow(
      /shard-1.json has unsound outcomes;.*\n {2}- outcomes\[1\]\.failures\[0\]: expected object, got string/,
    )
    const unknownKind = { ...d!, failures: [{ kind: 'weird', scenario: 'd', message: 'x' }] as never }
    expect(parse({ ...blob, outcomes: [c!, unknownKind] })).toThrow(/outcomes\[1\]\.failures\[0\]\.kind/)
    expect(parse({ ...blob, outcomes: [c!, 42 as never] })).toThrow(/outcomes\[1\]: expected object, got number 42/)
  })
})
