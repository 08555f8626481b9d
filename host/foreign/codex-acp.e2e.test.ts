// Proof on a fourth agent nobody here wrote (issue 42): Zed's codex-acp (OpenAI's codex, a native
// binary npm serves per platform), pinned, installed from npm at test time, its model on the OpenAI
// Responses API: a text turn, an exec_command run outside the sandbox that codex asks for first, a
// cancel; see test-support/agent-suite.ts.
import { describe, expect, it } from 'vitest'
import { agentSuite } from './test-support/agent-suite.ts'

describe('codex-acp at the OpenAI Responses API', { timeout: 600_000 }, () => {
  const { read } = agentSuite({
    name: '@zed-industries/codex-acp',
    version: '0.16.0',
    bin: 'codex-acp',
    project: 'codex-project',
    wire: 'openai-responses',
  })

  it("tokenizes exec_command's process id, turn id, clocks and timings by the preset's rules", () => {
    const golden = read('read-with-approval', 'stdout.golden.jsonl')
    expect(golden).toContain('"process_id":"{{pid}}"')
    expect(golden).toContain('"turn_id":"{{turn}}"')
    expect(golden).toContain('"completed_at_ms":"{{time}}"')
    expect(golden).not.toMatch(/"(started|completed)_at_ms":\d/)
    expect(golden).toContain('buy milk\\ncall mum')
  })
})
