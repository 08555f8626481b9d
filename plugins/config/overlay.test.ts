// Overlay patches applied to a composition (config, replace, disabled, remove, insert) and their errors;
// the ifPresent/ifAbsent modifiers are overlay-modifiers.test.ts.
import { describe, expect, test } from 'vitest'
import { ConfigError } from './errors.ts'
import { applyOverlay, parsePatches } from './overlay.ts'
import { base, children, ids, SRC } from './test-support/overlay-base.ts'

describe('applyOverlay', () => {
  test('config deep-merges: objects key by key, arrays and scalars replace', () => {
    const [, model] = applyOverlay(
      base(),
      [{ id: 'model', config: { model: 'm2', limits: { tokens: 5 }, stop: ['c'] } }],
      SRC,
    )
    expect(model?.config).toEqual({ model: 'm2', limits: { tokens: 5, retries: 2 }, stop: ['c'] })
  })

  test('config patches reach entries nested in a group', () => {
    const result = applyOverlay(base(), [{ id: 'bash', config: { timeoutMs: 5 } }], SRC)
    expect(children(result, 2)[0]?.config).toEqual({ timeoutMs: 5 })
  })

  test('a matching name guard applies; a mismatching one is an error', () => {
    expect(
      applyOverlay(base(), [{ id: 'model', name: './plugins/model', config: { model: 'x' } }], SRC)[1]?.config,
    ).toMatchObject({ model: 'x' })
    expect(() => applyOverlay(base(), [{ id: 'model', name: './plugins/other', config: {} }], SRC)).toThrow(
      new RegExp(
        String.raw`^overlays\/test\.yml: patch 1 of 1 \(id "model"\): name guard "\.\/plugins\/other" does not ` +
          String.raw`match entry "model", whose name is "\.\/plugins\/model"`,
      ),
    )
  })

  test('replace swaps the whole config', () => {
    expect(applyOverlay(base(), [{ id: 'model', replace: { model: 'only' } }], SRC)[1]?.config).toEqual({
      model: 'only',
    })
  })

  test('disabled: true marks the entry, disabled: false clears the mark', () => {
    const disabled = applyOverlay(base(), [{ id: 'files', disabled: true }], SRC)
    expect(children(disabled, 2)[1]).toEqual({
      id: 'files',
      name: './plugins/files',
      disabled: true,
    })
    const enabled = applyOverlay(disabled, [{ id: 'files', disabled: false }], SRC)
    expect(children(enabled, 2)[1]).toEqual({ id: 'files', name: './plugins/files' })
  })

  test('remove drops the entry, also from inside a group', () => {
    const result = applyOverlay(
      base(),
      [
        { id: 'llm', remove: true },
        { id: 'bash', remove: true },
      ],
      SRC,
    )
    expect(ids(result)).toEqual(['model', 'tools', 'acp'])
    expect(ids(children(result, 1))).toEqual(['files'])
  })

  test('insert appends at the end without after/into', () => {
    expect(ids(applyOverlay(base(), [{ insert: [{ id: 'x', name: './x' }] }], SRC))).toEqual([
      'llm',
      'model',
      'tools',
      'acp',
      'x',
    ])
  })

  test('insert after places entries right after the anchor, in order', () => {
    const result = applyOverlay(
      base(),
      [
        {
          insert: [
            { id: 'x', name: './x' },
            { id: 'y', name: './y' },
          ],
          after: 'llm',
        },
      ],
      SRC,
    )
    expect(ids(result)).toEqual(['llm', 'x', 'y', 'model', 'tools', 'acp'])
  })

  test('insert after an id inside a group inserts into that group', () => {
    const result = applyOverlay(base(), [{ insert: [{ id: 'x', name: './x' }], after: 'bash' }], SRC)
    expect(ids(children(result, 2))).toEqual(['bash', 'x', 'files'])
  })

  test('insert into a group appends there; with after it lands after that child', () => {
    const appended = applyOverlay(base(), [{ insert: [{ id: 'x', name: './x' }], into: 'tools' }], SRC)
    expect(ids(children(appended, 2))).toEqual(['bash', 'files', 'x'])
    const placed = applyOverlay(base(), [{ insert: [{ id: 'x', name: './x' }], into: 'tools', after: 'bash' }], SRC)
    expect(ids(children(placed, 2))).toEqual(['bash', 'x', 'files'])
  })

  test('into + after where after is not a child of that group is an error', () => {
    expect(() =>
      applyOverlay(base(), [{ insert: [{ id: 'x', name: './x' }], into: 'tools', after: 'llm' }], SRC),
    ).toThrow(/after "llm" is not a direct child of group "tools"/)
  })

  test('into a non-group entry is an error', () => {
    expect(() => applyOverlay(base(), [{ insert: [{ id: 'x', name: './x' }], into: 'model' }], SRC)).toThrow(
      /^overlays\/test\.yml: patch 1 of 1: into "model" is not a group/,
    )
  })

  test('inserting a duplicate id is an error, also when the id lives in a group', () => {
    expect(() => applyOverlay(base(), [{ insert: [{ id: 'files', name: './x' }] }], SRC)).toThrow(
      /patch 1 of 1: cannot insert entry "files": that id already exists/,
    )
    expect(() =>
      applyOverlay(
        base(),
        [
          {
            insert: [
              { id: 'x', name: './x' },
              { id: 'x', name: './y' },
            ],
          },
        ],
        SRC,
      ),
    ).toThrow(/entry id "x" appears more than once/)
  })

  test('an unknown id names the source, the patch position and the id', () => {
    const patches = [
      { id: 'llm', disabled: true },
      { id: 'nope', disabled: true },
    ]
    expect(() => applyOverlay(base(), patches, SRC)).toThrow(
      new RegExp(
        String.raw`^overlays\/test\.yml: patch 2 of 2 \(id "nope"\): no entry has id "nope" \(known ids: llm, ` +
          String.raw`model, tools, bash, files, acp\)`,
      ),
    )
    expect(() =>
      applyOverlay(base(), [{ insert: [{ id: 'x', name: './x' }], after: 'ghost' }], 'host per-run patch'),
    ).toThrow(/^host per-run patch: patch 1 of 1 after: no entry has id "ghost"/)
    expect(() => applyOverlay(base(), [{ insert: [{ id: 'x', name: './x' }], into: 'ghost' }], SRC)).toThrow(
      ConfigError,
    )
  })

  test('an unknown patch key is an error naming the key', () => {
    expect(() => applyOverlay(base(), [{ id: 'llm', disabled: true, enabled: false }], SRC)).toThrow(
      new RegExp(
        String.raw`^overlays\/test\.yml: patch 1 of 1 \(id "llm"\): invalid disabled patch:\n {2}- enabled: ` +
          'Unrecognized key: "enabled"',
      ),
    )
    expect(() => applyOverlay(base(), [{ id: 'llm', confg: {} }], SRC)).toThrow(
      new RegExp(
        String.raw`patch 1 of 1 \(id "llm"\): has unknown patch key "confg"; a patch has exactly one of ` +
          'config, replace, disabled, remove, insert',
      ),
    )
  })

  test('a patch with two actions is an error', () => {
    expect(() => applyOverlay(base(), [{ id: 'llm', disabled: true, remove: true }], SRC)).toThrow(
      /combines disabled and remove/,
    )
  })

  test('config or replace on a group is an error', () => {
    expect(() => applyOverlay(base(), [{ id: 'tools', replace: {} }], SRC)).toThrow(/entry "tools" is a group/)
  })

  test('inserted entries are validated as entries', () => {
    expect(() => applyOverlay(base(), [{ insert: [{ id: 'x' }] }], SRC)).toThrow(
      /patch 1 of 1 insert: entry \[0\] \(id "x"\) is invalid/,
    )
  })

  test('patches apply in order: a later patch sees an earlier insert', () => {
    const result = applyOverlay(
      base(),
      [
        { insert: [{ id: 'x', name: './x', config: { a: 1 } }], after: 'acp' },
        { id: 'x', config: { b: 2 } },
      ],
      SRC,
    )
    expect(result[4]).toEqual({ id: 'x', name: './x', config: { a: 1, b: 2 } })
  })

  test('inputs are never mutated', () => {
    const entries = base()
    const patches = [
      { id: 'model', config: { limits: { tokens: 1 } } },
      { id: 'bash', remove: true },
      { insert: [{ id: 'x', name: './x', config: { deep: { v: 1 } } }], into: 'tools' },
      { id: 'x', config: { deep: { v: 2 } } },
    ]
    const entriesBefore = structuredClone(entries)
    const patchesBefore = structuredClone(patches)
    applyOverlay(entries, patches, SRC)
    expect(entries).toEqual(entriesBefore)
    expect(patches).toEqual(patchesBefore)
  })
})

describe('parsePatches', () => {
  test('an empty overlay is no patches; a mapping is not an overlay', () => {
    expect(parsePatches(null, SRC)).toEqual([])
    expect(() => parsePatches({ id: 'x' }, SRC)).toThrow(
      /overlays\/test\.yml: an overlay is a YAML list of patches, got a mapping/,
    )
  })

  test('a where the snapshot overlay would satisfy names that overlay; another says what to do', () => {
    const traitsOf = () => ({ provides: [] })
    expect(() => applyOverlay(base(), [{ where: { provides: 'replay' }, config: {} }], SRC, [], traitsOf)).toThrow(
      'no entry matches where { provides: replay } (entries: llm, model, tools, bash, files, acp); ' +
        'the replay service is added by cordis.snapshot.yml: apply --patch cordis.snapshot.yml before this overlay',
    )
    expect(() => applyOverlay(base(), [{ where: { provides: 'other' }, config: {} }], SRC, [], traitsOf)).toThrow(
      'add such an entry to the composition, or say ifPresent: true',
    )
  })
})
