import { load } from 'js-yaml'
import { expect, test } from 'vitest'
import { renderEntries } from './render-entries.ts'

test('disabled entries keep disabled: true; top-level ones also get a # disabled line; output reparses', () => {
  const entries = [
    {
      id: 'g',
      name: 'cordis:group',
      group: true,
      config: [{ id: 'inner', name: './x', config: { a: 1 }, disabled: true }],
    },
    { id: 'off', name: './y', config: { b: [1, 2] }, disabled: true },
  ]
  const text = renderEntries(entries, ['header line'])
  expect(text).toBe(
    [
      '# header line',
      '- id: g',
      '  name: cordis:group',
      '  group: true',
      '  config:',
      '    - id: inner',
      '      name: ./x',
      '      disabled: true',
      '      config:',
      '        a: 1',
      '# disabled',
      "- id: 'off'", // quoted: "off" is a boolean in YAML 1.1 readers
      '  name: ./y',
      '  disabled: true',
      '  config:',
      '    b:',
      '      - 1',
      '      - 2',
      '',
    ].join('\n'),
  )
  expect(load(text)).toEqual(entries)
})

test('an empty composition renders as an empty list', () => {
  expect(renderEntries([])).toBe('[]\n')
})
