import { describe, expect, it } from 'vitest'
import { chooseHeaderClass } from './header-class.ts'

describe('chooseHeaderClass', () => {
  const pins = [
    { class: 'default', system: 'S', tools: 'T', systemOwner: 'text-turn', toolsOwner: 'text-turn' },
    { class: 'imported', system: 'S2', tools: 'T2', systemOwner: 'imported', toolsOwner: 'text-turn' },
  ]
  it('joins the class whose pin holds the same system prompt and tools', () => {
    expect(chooseHeaderClass('imported', { system: 'S', tools: 'T' }, pins)).toEqual({ class: 'default', pin: false })
  })
  it('otherwise pins a class of its own, named after the scenario (numbered when taken)', () => {
    expect(chooseHeaderClass('fresh', { system: 'S9', tools: 'U' }, pins)).toEqual({ class: 'fresh', pin: true })
    expect(chooseHeaderClass('imported', { system: 'X', tools: 'U' }, pins)).toEqual({
      class: 'imported-2',
      pin: true,
    })
  })
  it("names another pin's identical sidecar as its source instead of keeping a copy", () => {
    expect(chooseHeaderClass('fresh', { system: 'S', tools: 'U' }, pins)).toEqual({
      class: 'fresh',
      pin: true,
      systemPromptSource: 'text-turn',
    })
    expect(chooseHeaderClass('fresh', { system: 'S2', tools: 'T' }, pins)).toEqual({
      class: 'fresh',
      pin: true,
      systemPromptSource: 'imported',
      toolSchemasSource: 'text-turn',
    })
  })
})
