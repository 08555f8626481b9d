// A scenario's cordis.patch.yml naming an id the composition lacks fails that scenario, in both
// hosts, with the file, line and column of the patch and the ids that do exist.
import { afterAll, describe, expect, it } from 'vitest'
import { scratchProject } from '../test-support/scratch-project.ts'
import { runScenarios } from './run.ts'
import { failureMessages } from '../model/failure.ts'

const project = scratchProject('scenario-patch')
afterAll(() => project.remove())
const dir = project.scenario('unknown-id', {
  manifest: 'scenario: unknown-id\ndescription: A patch names an id no entry has.\nrecording: authored\n',
  input: { steps: [{ op: 'initialize' }] },
  extra: {
    'stdout.golden.jsonl': '',
    'cordis.patch.yml': '# the agent is called "agent"\n- { id: agnet, config: {} }\n',
  },
})
const expected =
  `${dir}/cordis.patch.yml:2:3: patch 1 of 1 (id "agnet"): no entry has id "agnet" ` +
  '(known ids: llm, llm-replay, llm-deepseek, session, tools, mcp, agent, subagents, acp'

describe('a scenario patch with an unknown id', () => {
  it.each([false, true])('fails the scenario naming file:line:column (subprocess: %s)', async (subprocess) => {
    const { outcomes } = await runScenarios({ root: project.root, subprocess })
    expect(outcomes).toHaveLength(1)
    expect(outcomes[0]!.ok).toBe(false)
    expect(failureMessages(outcomes[0]!.failures).join('\n')).toContain(expected)
  })
})
