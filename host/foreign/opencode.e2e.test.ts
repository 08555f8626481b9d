// Proof on a second agent nobody here wrote (issue 42): opencode (npm opencode-ai), pinned,
// installed from npm at test time (its own postinstall links the platform binary), its model on the
// OpenAI chat wire: a text turn, a file read the user approves (the workspace's opencode.json makes
// read ask), a cancel; see test-support/agent-suite.ts. opencode boots slowly: a few minutes.
import { describe, expect, it } from 'vitest'
import { agentSuite } from './test-support/agent-suite.ts'

describe('opencode at the OpenAI chat wire', { timeout: 600_000 }, () => {
  const { read } = agentSuite({
    name: 'opencode-ai',
    version: '1.18.33',
    bin: 'opencode',
    args: 'acp',
    runOwnScripts: true,
    project: 'opencode-project',
    wire: 'openai-chat',
  })

  it('names the read file by a path relative to /, tokenized; the title side call stays off', () => {
    const golden = read('read-with-approval', 'stdout.golden.jsonl')
    expect(golden).toContain('"title":"{{cwd-from-root}}/notes.txt"')
    expect(golden).toContain('"kind":"allow_once"')
  })
})
