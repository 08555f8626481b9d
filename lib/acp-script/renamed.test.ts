import { describe, expect, it } from 'vitest'
import { renamedSpellingIssues } from './renamed.ts'

describe('renamedSpellingIssues', () => {
  it('names each old spelling with its replacement, at the step and field', () => {
    const issues = renamedSpellingIssues([
      { op: 'initialize' },
      { op: 'newSession', as: 's1', cwd: 42 },
      { op: 'promptBackground', session: 's1', as: 'p1', text: 'x' },
      { op: 'awaitBackground', prompt: 'p1' },
      { op: 'await', from: 'p1' },
      { op: 'await', prompt: 'p1' },
      'not a step',
    ])
    expect(issues.map((i) => i.path)).toEqual(['steps[1].cwd', 'steps[2].op', 'steps[3].op', 'steps[4].from'])
    expect(issues[1]!.message).toBe(
      '"promptBackground" is now { "op": "prompt", "background": true, "as": … }; did you mean that?',
    )
  })

  it('ignores anything that is not a list of steps', () => {
    expect(renamedSpellingIssues(undefined)).toEqual([])
    expect(renamedSpellingIssues({ op: 'promptBackground' })).toEqual([])
  })
})
