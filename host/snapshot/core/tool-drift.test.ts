import { describe, expect, it } from 'vitest'
import { toolDrift } from './tool-drift.ts'

const tool = (name: string, description = 'd', parameters: object = { type: 'object' }) => ({
  name,
  description,
  parameters,
})
const sidecar = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

describe('toolDrift', () => {
  it('is undefined when the tools agree or there is no sidecar yet', () => {
    expect(toolDrift(sidecar([tool('a')]), sidecar([tool('a')]))).toBeUndefined()
    expect(toolDrift(undefined, sidecar([tool('a')]))).toBeUndefined()
  })

  it('names each tool added, removed or changed, and the fields that changed', () => {
    const before = sidecar([tool('keep'), tool('gone'), tool('mcp__n__x', 'old')])
    const after = sidecar([tool('keep'), tool('mcp__n__x', 'new', { type: 'object', properties: {} }), tool('fresh')])
    expect(toolDrift(before, after)).toMatch(
      /^tool drift: .*: "mcp__n__x" changed \(description, parameters\); "fresh" added; "gone" removed; /,
    )
  })

  it('names the pin whose sidecar it is when another scenario keeps it', () => {
    const drift = toolDrift(sidecar([tool('a')]), sidecar([tool('a'), tool('mcp__n__x')]), {
      pin: 'text-turn',
      file: 'scenarios/text-turn/tool-schemas.expected.json',
    })
    expect(drift).toBe(
      'tool drift: the tools offered to the model differ from scenarios/text-turn/tool-schemas.expected.json, ' +
        'which the pin text-turn keeps for the header class: "mcp__n__x" added; a scenario with tools the class ' +
        'does not have (an MCP server, a plugin) needs a header class of its own',
    )
  })

  it('reads a sidecar whose header changed mid-run (versions by turn and step)', () => {
    const versions = sidecar([
      { turn: 1, step: 1, tools: [tool('a')] },
      { turn: 2, step: 1, tools: [tool('a'), tool('b')] },
    ])
    expect(toolDrift(versions, sidecar([tool('a')]))).toContain('"b" removed')
  })
})
