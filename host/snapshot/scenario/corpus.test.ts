import { describe, expect, it } from 'vitest'
import { corpusProblems } from './corpus.ts'
import { parseManifest, type ScenarioManifest } from './manifest.ts'

function manifest(name: string, extra = ''): ScenarioManifest {
  return parseManifest(
    `scenario: ${name}\ndescription: Shows ${name} | piped.\nrecording: stub\n${extra}`,
    `scenarios/${name}/snapshot.yml`,
    name,
  )
}

describe('corpusProblems', () => {
  it('accepts one pin per class and valid sources', () => {
    const corpus = [
      manifest('a-pin', 'header: { class: a, pin: true }\n'),
      manifest('a-member', 'header: { class: a }\nsession: { source: a-pin }\n'),
      manifest('b-pin', 'header: { class: b, pin: true, systemPromptSource: a-pin }\n'),
      manifest('no-model'),
    ]
    expect(corpusProblems(corpus)).toEqual([])
  })

  it('requires exactly one pin per header class', () => {
    expect(corpusProblems([manifest('x', 'header: { class: a }\n'), manifest('y', 'header: { class: a }\n')])).toEqual([
      {
        scenario: 'x',
        field: 'header.pin',
        message: 'header class a has no pin (members: x, y); set pin: true on exactly one of them',
      },
    ])
    expect(
      corpusProblems([
        manifest('x', 'header: { class: a, pin: true }\n'),
        manifest('y', 'header: { class: a, pin: true }\n'),
      ]),
    ).toEqual([
      {
        scenario: 'y',
        field: 'header.pin',
        message: 'header class a already has the pin x; a class has exactly one pin, so remove pin here',
      },
    ])
  })

  it('checks sidecar sources point at an owning pin', () => {
    const corpus = [
      manifest('owner', 'header: { class: a, pin: true }\n'),
      manifest('member', 'header: { class: a }\n'),
      manifest('sharer', 'header: { class: b, pin: true, toolSchemasSource: owner }\n'),
      manifest('p1', 'header: { class: c, pin: true, systemPromptSource: ghost }\n'),
      manifest('p2', 'header: { class: d, pin: true, systemPromptSource: member }\n'),
      manifest('p3', 'header: { class: e, pin: true, toolSchemasSource: sharer }\n'),
    ]
    expect(corpusProblems(corpus)).toEqual([
      { scenario: 'p1', field: 'header.systemPromptSource', message: 'scenario ghost does not exist' },
      {
        scenario: 'p2',
        field: 'header.systemPromptSource',
        message: 'member is not a pin; name the pin that owns the sidecar',
      },
      {
        scenario: 'p3',
        field: 'header.toolSchemasSource',
        message: 'sharer does not own that sidecar either (it names owner); name the owner directly',
      },
    ])
  })

  it('checks session sources exist and are not chained', () => {
    const corpus = [
      manifest('base'),
      manifest('reuse', 'session: { source: base }\n'),
      manifest('chain', 'session: { source: reuse }\n'),
      manifest('lost', 'session: { source: gone }\n'),
    ]
    expect(corpusProblems(corpus)).toEqual([
      { scenario: 'chain', field: 'session.source', message: "reuse reuses base's logs itself; name base directly" },
      { scenario: 'lost', field: 'session.source', message: 'scenario gone does not exist' },
    ])
  })
})
