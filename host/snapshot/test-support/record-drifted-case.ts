// The one record-drifted case, run in process by record-drifted.test.ts and as a subprocess by
// record-drifted.process.test.ts: a green scenario is left alone and an edited one re-recorded,
// with the plan said first. In-process, replay's problems reach the outcome in verify()'s message;
// in a subprocess, as `llm-replay: CODE:` lines on the child's stderr. Both must be read as drift.
import { expect } from 'vitest'
import { textReply } from '../../../lib/model-wire/index.ts'
import { runScenarios } from '../run/run.ts'
import { MEMBER, PIN, type recordModesProjectPerTest } from './record-modes-project.ts'

type Scratch = ReturnType<typeof recordModesProjectPerTest>

export async function recordDriftedCase(scratch: Scratch, subprocess: boolean): Promise<void> {
  const { addScenario, folderBytes, read, replayAll } = scratch
  const both = { root: scratch.project.root, stub: true, subprocess, names: ['green', 'edited'] }
  addScenario('green', 'say hello', 'Hello.', PIN)
  addScenario('edited', 'say hi', 'Hi.', MEMBER)
  const first = await runScenarios({ ...both, mode: 'record' })
  expect(first.outcomes.map((o) => o.failures)).toEqual([[], []])
  const greenBefore = folderBytes('green')
  const editedLog = read('edited', 'session.jsonl')
  scratch.project.modelScript('green', [textReply('A re-recording would say this.')])
  // The scenario's script changes: a new prompt, and the model's new answer to it.
  addScenario('edited', 'say bye', 'Bye.', MEMBER)

  const plan: string[] = []
  let logWhenPlanned = ''
  const result = await runScenarios({
    ...both,
    mode: 'record-drifted',
    onPlan: (lines) => {
      plan.push(...lines)
      logWhenPlanned = read('edited', 'session.jsonl')
    },
  })
  expect(plan[0]).toBe('record-drifted: 1 to re-record, 1 green, 0 failing otherwise (left untouched)')
  expect(plan[1]).toBe('  re-record edited:')
  expect(plan[2]).toMatch(/^ {4}\[REPLAY_DRIFT\] .*scenarios\/edited\/session\.jsonl.*turn 1.*drift at script entry 0/)
  expect(plan).toHaveLength(3)
  expect(logWhenPlanned).toBe(editedLog)

  expect(result.outcomes.map((o) => [o.scenario, o.ok, o.written.sort()])).toEqual([
    ['green', true, []],
    [
      'edited',
      true,
      ['scenarios/edited/session.jsonl', 'scenarios/edited/snapshot.yml', 'scenarios/edited/stdout.golden.jsonl'],
    ],
  ])
  expect(folderBytes('green')).toEqual(greenBefore)
  expect(read('edited', 'session.jsonl')).toContain('Bye.')
  expect(await replayAll(['green', 'edited'])).toEqual([
    ['green', []],
    ['edited', []],
  ])
}
