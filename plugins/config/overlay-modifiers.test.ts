// The opt-in overlay patch modifiers: ifPresent (an id patch for an entry that may be absent) and
// ifAbsent (an insert of entries that may be there already).
import { describe, expect, test } from 'vitest'
import { applyOverlay } from './overlay.ts'
import { base, children, ids, SRC } from './test-support/overlay-base.ts'

describe('opt-in modifiers: ifPresent and ifAbsent', () => {
  test('ifPresent applies an id patch when the entry exists and skips it when it does not', () => {
    const result = applyOverlay(
      base(),
      [
        { id: 'bash', disabled: true, ifPresent: true },
        { id: 'llm-deepseek', disabled: true, ifPresent: true },
        { id: 'ghost', config: { a: 1 }, ifPresent: true },
        { id: 'ghost', remove: true, ifPresent: true },
      ],
      SRC,
    )
    expect(children(result, 2)[0]).toMatchObject({ id: 'bash', disabled: true })
    expect(ids(result)).toEqual(['llm', 'model', 'tools', 'acp'])
  })

  test('ifPresent keeps the name guard strict', () => {
    expect(() =>
      applyOverlay(base(), [{ id: 'model', name: './plugins/other', config: {}, ifPresent: true }], SRC),
    ).toThrow(/name guard "\.\/plugins\/other" does not match entry "model"/)
  })

  test('ifAbsent inserts only the new ids and leaves an existing entry exactly as it is', () => {
    const result = applyOverlay(
      base(),
      [
        {
          insert: [
            { id: 'model', name: './plugins/replacement', config: { model: 'other' } },
            { id: 'replay', name: './plugins/replay' },
          ],
          after: 'llm',
          ifAbsent: true,
        },
      ],
      SRC,
    )
    expect(ids(result)).toEqual(['llm', 'replay', 'model', 'tools', 'acp'])
    expect(result[2]).toEqual(base()[1])
  })

  test('ifAbsent with nothing left to insert does not need its after or into to exist', () => {
    const patch = { insert: [{ id: 'acp', name: './x' }], after: 'ghost', ifAbsent: true }
    expect(applyOverlay(base(), [patch], SRC)).toEqual(base())
    expect(() => applyOverlay(base(), [{ ...patch, insert: [{ id: 'new', name: './x' }] }], SRC)).toThrow(
      /patch 1 of 1 after: no entry has id "ghost"/,
    )
  })

  test('the modifiers only take true, and only on their own kind of patch', () => {
    expect(() => applyOverlay(base(), [{ id: 'llm', disabled: true, ifPresent: false }], SRC)).toThrow(
      /ifPresent can only be true \(leave it out to require the entry\)/,
    )
    expect(() => applyOverlay(base(), [{ id: 'llm', disabled: true, ifAbsent: true }], SRC)).toThrow(
      /invalid disabled patch:\n {2}- ifAbsent: Unrecognized key: "ifAbsent"/,
    )
    expect(() => applyOverlay(base(), [{ insert: [{ id: 'x', name: './x' }], ifPresent: true }], SRC)).toThrow(
      /invalid insert patch:\n {2}- ifPresent: Unrecognized key: "ifPresent"/,
    )
  })
})
