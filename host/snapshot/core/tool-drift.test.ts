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

  it('reads a sidecar whose header changed mid-run (versions by turn and step)', () => {
    const versions = sidecar([
      { turn: 1, step: 1, tools: [tool('a')] },
      { turn: 2, step: 1, tools: [tool('a'), tool('b')] },
    ])
    expect(toolDrift(versions, sidecar([tool('a')]))).toContain('"b" removed')
  })
})
