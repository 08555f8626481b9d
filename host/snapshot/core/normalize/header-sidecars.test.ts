import { describe, expect, it } from 'vitest'
import { renderSystemPromptSidecar, renderToolSchemasSidecar } from './header-sidecars.ts'
import type { RequestHeaderContent } from './session-log.ts'

const header = (turn: number, system: string, tools: unknown[]): RequestHeaderContent => ({
  turn,
  step: 1,
  model: 'm',
  reason: turn === 1 ? 'initial' : 'change',
  system,
  tools,
})

describe('pin sidecars', () => {
  it('render one version as plain text and plain JSON', () => {
    const headers = [header(1, 'You are dsh.', [{ name: 'bash' }]), header(2, 'You are dsh.', [{ name: 'bash' }])]
    expect(renderSystemPromptSidecar(headers)).toBe('You are dsh.\n')
    expect(renderToolSchemasSidecar(headers)).toBe('[\n  {\n    "name": "bash"\n  }\n]\n')
  })

  it('keep every distinct version with where it started', () => {
    const headers = [header(1, 'A\n', [{ name: 'bash' }]), header(2, 'B', [{ name: 'bash' }, { name: 'read' }])]
    expect(renderSystemPromptSidecar(headers)).toBe(
      '<!-- dsh: system prompt 1 of 2, from turn 1 step 1 -->\nA\n\n<!-- dsh: system prompt 2 of 2, from turn 2 ' +
        'step 1 -->\nB\n',
    )
    expect(JSON.parse(renderToolSchemasSidecar(headers))).toEqual([
      { turn: 1, step: 1, tools: [{ name: 'bash' }] },
      { turn: 2, step: 1, tools: [{ name: 'bash' }, { name: 'read' }] },
    ])
  })

  it('refuse a run without model requests', () => {
    expect(() => renderSystemPromptSidecar([])).toThrow(/no model request/)
  })
})
