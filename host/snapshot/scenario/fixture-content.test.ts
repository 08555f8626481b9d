import { describe, expect, it } from 'vitest'
import { duplicateSidecarProblems, unscrubbedHeaderProblems } from './fixture-content.ts'

describe('fixture content guards', () => {
  it('flags a committed request/header that keeps its prompt or tools, with file and line', () => {
    const log = [
      '{"type":"session","version":1,"id":"{{session:1}}","createdAt":0,"cwd":"{{cwd}}"}',
      '{"type":"request/header","data":{"turn":1,"step":1,"model":"m","system":"{{system}}","tools":"{{tools}}","rea' +
        'son":"initial"}}',
      '{"type":"request/header","data":{"turn":2,"step":1,"model":"m","system":"You are ' +
        'dsh","tools":"{{tools}}","reason":"change"}}',
    ].join('\n')
    expect(unscrubbedHeaderProblems(log, 'scenarios/x/session.jsonl')).toEqual([
      expect.stringMatching(/^scenarios\/x\/session\.jsonl:3: request\/header keeps its system unscrubbed/),
    ])
  })

  it('flags a second pin whose sidecar is byte-identical and says which source to name', () => {
    const problems = duplicateSidecarProblems([
      { scenario: 'a', system: 'prompt', tools: '[1]' },
      { scenario: 'b', system: 'prompt', tools: '[2]' },
    ])
    expect(problems).toEqual([
      {
        scenario: 'b',
        file: 'scenarios/b/system-prompt.expected.md',
        message:
          'scenarios/b/system-prompt.expected.md is identical to scenarios/a/system-prompt.expected.md; ' +
          'npx dsh test b --mode refresh deletes it and sets header.systemPromptSource: a ' +
          'in scenarios/b/snapshot.yml ' +
          '(or make that edit by hand)',
      },
    ])
  })

  it('blames the newcomer, not the established pin, whatever the names sort as', () => {
    // "a-new" sorts first, but "z-main" is named as a source by another pin and pins the larger class.
    const named = duplicateSidecarProblems([
      { scenario: 'a-new', tools: '[1]', namedAsSource: 0, classSize: 1 },
      { scenario: 'z-main', tools: '[1]', namedAsSource: 2, classSize: 1 },
    ])
    expect(named).toEqual([
      {
        scenario: 'a-new',
        file: 'scenarios/a-new/tool-schemas.expected.json',
        message: expect.stringContaining('toolSchemasSource: z-main'),
      },
    ])
    const larger = duplicateSidecarProblems([
      { scenario: 'a-new', system: 'p', classSize: 2 },
      { scenario: 'z-main', system: 'p', classSize: 20 },
    ])
    expect(larger).toEqual([
      {
        scenario: 'a-new',
        file: 'scenarios/a-new/system-prompt.expected.md',
        message: expect.stringContaining('systemPromptSource: z-main'),
      },
    ])
  })
})
