// Proof on a third agent nobody here wrote (issue 42): Zed's claude-code-acp (Claude Code through
// @anthropic-ai/claude-agent-sdk), pinned, installed from npm at test time, its model on Anthropic's
// Messages wire: a text turn, a Read the workspace's .claude/settings.json makes ask for, a cancel;
// see test-support/agent-suite.ts.
import { describe, expect, it } from 'vitest'
import { agentSuite } from './test-support/agent-suite.ts'

describe('claude-code-acp at the Anthropic Messages wire', { timeout: 600_000 }, () => {
  const { read } = agentSuite({
    name: '@zed-industries/claude-code-acp',
    version: '0.16.2',
    bin: 'claude-code-acp',
    project: 'claude-project',
    wire: 'anthropic-messages',
  })

  it("records Claude Code's token-count probe as no exchange: it takes no model.yml item", () => {
    const recording = JSON.parse(read('read-with-approval', 'model.recording.json'))
    expect(recording.exchanges.map((e: { scriptItem: number }) => e.scriptItem)).toEqual([0, 1])
    const golden = read('read-with-approval', 'stdout.golden.jsonl')
    expect(golden).toContain('"rawInput":{"file_path":"notes.txt"}')
    expect(golden).toContain('buy milk\\ncall mum')
  })
})
