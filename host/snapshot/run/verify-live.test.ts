// --mode verify-live end to end, keylessly: the scenario is recorded against the stub, then run
// "live" through the real adapter against the DeepSeek-wire stub given as DEEPSEEK_BASE_URL, once
// with a script that agrees structurally (other wording, other argument values) and once with one
// that does not. Nothing in the project is written either way.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { type SseItem, startStubEndpoint, textReply, toolCallReply } from '../../../lib/model-wire/index.ts'
/** A key for a fake "live" endpoint in this test; never a real one. */
const STUB_API_KEY = 'test-live-key-not-a-secret'
import { scratchProject } from '../test-support/scratch-project.ts'
import { runScenarios } from './run.ts'
import { failureMessages } from '../model/failure.ts'

const project = scratchProject('verify-live')
afterAll(() => project.remove())

const NAME = 'notes'
const writeCall = (content: string) =>
  toolCallReply([{ id: 'call_1', name: 'write_file', arguments: JSON.stringify({ path: 'notes.md', content }) }])
const dir = join(project.root, 'scenarios', NAME)
const folderBytes = () =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name), 'latin1')]),
  )

async function verifyAgainst(script: SseItem[]) {
  const api = await startStubEndpoint({ script, expectApiKey: STUB_API_KEY })
  // The live path as a user runs it; unstubbed after each test (unstubEnvs in vitest.config.ts).
  vi.stubEnv('DEEPSEEK_API_KEY', STUB_API_KEY)
  vi.stubEnv('DEEPSEEK_BASE_URL', api.url)
  try {
    return await runScenarios({ root: project.root, mode: 'verify-live', names: [NAME] })
  } finally {
    await api.close()
  }
}

describe('--mode verify-live', () => {
  it('passes a structurally equal live run, fails one that differs, and writes nothing', async () => {
    project.scenario(NAME, {
      manifest:
        `scenario: ${NAME}\ndescription: Writes notes.\nrecording: stub\nheader:\n  class: default\n  pin: true\n` +
        'expect:\n  - { tool: write_file, args: { path: notes.md } }\n  - { text: "version 2\\\\.1" }\n',
      input: {
        steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: 'note it' }],
        permissions: ['allow_once'],
      },
    })
    project.modelScript(NAME, [writeCall('v2.1'), textReply('Noted: version 2.1.')])
    const recorded = await runScenarios({ root: project.root, mode: 'record', stub: true })
    expect(recorded.outcomes.map((o) => o.failures)).toEqual([[]])
    const before = folderBytes()

    vi.stubEnv('DEEPSEEK_API_KEY', undefined)
    // No key file either: the key folder is the project's (empty) own.
    vi.stubEnv('XDG_CONFIG_HOME', project.root)
    const keyless = await runScenarios({ root: project.root, mode: 'verify-live', names: [NAME] })
    expect(keyless.outcomes.map((o) => failureMessages(o.failures))).toEqual([
      [
        `scenario notes: record mode: entry "llm-deepseek" (DeepSeek) has no usable key for model "deepseek-chat": ` +
          `DEEPSEEK_API_KEY is not set and ${project.root}/dsh/deepseek-api-key does not hold one; export it, or ` +
          `write the key to ${project.root}/dsh/deepseek-api-key; or record keylessly against the scripted model ` +
          'with --stub',
      ],
    ])
    vi.stubEnv('XDG_CONFIG_HOME', undefined)

    const agreeing = await verifyAgainst([
      writeCall('other words'),
      textReply('I wrote version 2.1 down, in other words.'),
    ])
    expect(agreeing.outcomes.map((o) => [o.ok, o.failures, o.written])).toEqual([[true, [], []]])
    expect(folderBytes()).toEqual(before)

    const differing = await verifyAgainst([textReply('I would rather not.')])
    const failures = failureMessages(differing.outcomes[0]?.failures ?? [])
    expect(differing.outcomes[0]?.ok).toBe(false)
    expect(failures).toContain(
      'scenario notes: verify-live: session.jsonl: at 1: the recording has "turn 1: stop tool-calls", ' +
        'the live run "turn 1: stop stop"',
    )
    expect(failures).toContain(
      'scenario notes: verify-live: expect[0]: no tool call to write_file with {"path":"notes.md"} ' +
        '(the live run called: none)',
    )
    expect(failures).toContain(
      // After the command list (at 2), the recording's step usage precedes its tool call.
      'scenario notes: verify-live: transcript shape: at 3: the recording has "session/update usage_update", ' +
        'the live run "session/update agent_message_chunk"',
    )
    expect(failures).toContain('scenario notes: verify-live: expect[1]: no assistant text matches /version 2\\.1/')
    expect(folderBytes()).toEqual(before)
  })
})
