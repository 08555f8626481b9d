// Proof on an agent nobody here wrote (issue 42): @google/gemini-cli, pinned, installed from npm
// at test time, its model on the Gemini wire: a text turn, a shell read the user approves, a cancel;
// see test-support/agent-suite.ts (recorded with --stub, replayed twice with --jobs 2, drift caught).
import { describe, expect, it } from 'vitest'
import { agentSuite } from './test-support/agent-suite.ts'

describe('gemini-cli at the Gemini wire', { timeout: 600_000 }, () => {
  const { read } = agentSuite({
    name: '@google/gemini-cli',
    version: '0.61.0',
    bin: 'gemini',
    args: '--acp',
    project: 'gemini-project',
    wire: 'gemini',
  })

  it("sends the shell's output back with its process group id tokenized by the preset's rule", () => {
    expect(read('read-with-approval', 'stdout.golden.jsonl')).toContain('awk 1 notes.txt')
    const recording = read('read-with-approval', 'model.recording.json')
    expect(recording).toMatch(/buy milk(\\)+ncall mum/)
    expect(recording).toContain('PGID: {{pid}}')
  })
})
