// Record mode end to end, keylessly: the real DeepSeek adapter records a scenario in a
// scratch repository against the scripted stub endpoint, and the recording then replays green.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scratchProject } from '../test-support/scratch-project.ts'
import { runScenarios } from './run.ts'

const project = scratchProject('record')
afterAll(() => project.remove())

function scratchRepo(): string {
  project.scenario('recorded-tool', {
    manifest:
      'scenario: recorded-tool\ndescription: A bash call approved once, recorded keylessly.\nrecording: ' +
      'stub\nheader:\n  class: default\n  pin: true\n',
    input: {
      steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: 'print hi' }],
      permissions: ['allow_once'],
    },
  })
  project.modelScript('recorded-tool', [
    { reply: { toolCalls: [{ id: 'call_1', name: 'bash', arguments: '{"command":"echo hi"}' }], deltas: 3 } },
    { reply: { text: 'It printed hi.', deltas: 2 } },
  ])
  return project.root
}

describe('record mode', () => {
  it('records through the stub endpoint, writes every fixture, and the recording replays green', async () => {
    const root = scratchRepo()
    const recorded = await runScenarios({ root: root, mode: 'record', stub: true })
    expect(recorded.loadFailures).toEqual([])
    expect(recorded.outcomes[0]?.failures).toEqual([])
    expect(recorded.outcomes[0]?.written.sort()).toEqual([
      'scenarios/recorded-tool/session.jsonl',
      'scenarios/recorded-tool/snapshot.yml',
      'scenarios/recorded-tool/stdout.golden.jsonl',
      'scenarios/recorded-tool/system-prompt.expected.md',
      'scenarios/recorded-tool/tool-schemas.expected.json',
    ])
    const log = readFileSync(join(root, 'scenarios', 'recorded-tool', 'session.jsonl'), 'utf8')
    expect(log).toContain('"output":"hi\\n"')
    expect(log).not.toContain('stub-key')
    // The provenance beside recording: the model the log's request/header names, the day and the version.
    expect(readFileSync(join(root, 'scenarios', 'recorded-tool', 'snapshot.yml'), 'utf8')).toMatch(
      new RegExp(
        String.raw`^recording: stub\nstubVia: openai-chat\nmodels: \[deepseek-chat\]\n` +
          String.raw`date: \d{4}-\d{2}-\d{2}\ndshVersion: "\d+\.\d+\.\d+"\nheader:`,
        'm',
      ),
    )

    const replayed = await runScenarios({ root: root })
    expect(replayed.outcomes.map((o) => [o.scenario, o.failures])).toEqual([['recorded-tool', []]])
    expect(replayed.outcomes[0]?.written).toEqual([])
  })
})
