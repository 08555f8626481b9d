import { describe, expect, it } from 'vitest'
import { setHeaderSources } from './header-source-line.ts'
import { parseYamlData } from './yaml.ts'

const FILE = 'scenarios/notes/snapshot.yml'
const header = (text: string) => (parseYamlData(text, FILE) as { header: unknown }).header

describe('setHeaderSources', () => {
  it('adds the field after the last line of a block header, keeping comments and what follows', () => {
    const text = 'scenario: notes\nheader:\n  class: notes # mine\n  pin: true\n\nworkspace:\n  final: false\n'
    const out = setHeaderSources(text, { systemPromptSource: 'text-turn' }, FILE)
    expect(out).toBe(
      'scenario: notes\nheader:\n  class: notes # mine\n  pin: true\n  systemPromptSource: text-turn\n\n' +
        'workspace:\n  final: false\n',
    )
  })

  it('adds both fields to a one-line flow header', () => {
    const text = 'scenario: notes\nheader: {class: notes, pin: true} # the pin\nrecording: stub\n'
    const out = setHeaderSources(text, { systemPromptSource: 'a', toolSchemasSource: 'b' }, FILE)
    expect(out).toBe(
      'scenario: notes\nheader: {class: notes, pin: true, systemPromptSource: a, toolSchemasSource: b} # the pin\n' +
        'recording: stub\n',
    )
    expect(header(out)).toEqual({ class: 'notes', pin: true, systemPromptSource: 'a', toolSchemasSource: 'b' })
  })

  it('adds to a block header on the last line of a file without a final newline', () => {
    const out = setHeaderSources('scenario: n\nheader:\n    class: n\n    pin: true', { toolSchemasSource: 'p' }, FILE)
    expect(out).toBe('scenario: n\nheader:\n    class: n\n    pin: true\n    toolSchemasSource: p\n')
  })

  it('refuses a header it cannot edit safely, naming the file, field and what to do', () => {
    const text = 'scenario: n\nheader: {class: n,\n  pin: true}\n'
    expect(() => setHeaderSources(text, { systemPromptSource: 'p' }, FILE)).toThrow(
      /scenarios\/notes\/snapshot\.yml.*header\.systemPromptSource.*add it by hand/s,
    )
  })
})
