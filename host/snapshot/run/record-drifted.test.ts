// record-drifted end to end in a scratch project, in process and as a subprocess: recording
// through the real DeepSeek adapter against the scripted stub endpoint (--stub), then replaying.
import { describe, expect, it } from 'vitest'
import { textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'
import { MEMBER, PIN, recordModesProjectPerTest } from '../test-support/record-modes-project.ts'
import { runSuiteMode } from './record-modes.ts'

const scratch = recordModesProjectPerTest()
const { addScenario, folderBytes, read, replayAll } = scratch

describe('--mode record-drifted', () => {
  // In-process, replay's problems reach the outcome in verify()'s message; in a subprocess, as
  // `llm-replay: CODE:` lines on the child's stderr. Both must be read as drift.
  it.each([
    ['in-process', false],
    ['subprocess', true],
  ])(
    're-records a scenario whose script changed (replay drift), says so first, and leaves a green one alone (%s)',
    async (_, subprocess) => {
      addScenario('green', 'say hello', 'Hello.', PIN)
      addScenario('edited', 'say hi', 'Hi.', MEMBER)
      const first = await runSuiteMode({
        repoRoot: scratch.project.root,
        mode: 'record',
        stub: true,
        subprocess,
        names: ['green', 'edited'],
      })
      expect(first.outcomes.map((o) => o.failures)).toEqual([[], []])
      const greenBefore = folderBytes('green')
      const editedLog = read('edited', 'session.jsonl')
      scratch.project.modelScript('green', [textReply('A re-recording would say this.')])
      // The scenario's script changes: a new prompt, and the model's new answer to it.
      addScenario('edited', 'say bye', 'Bye.', MEMBER)

      const plan: string[] = []
      let logWhenPlanned = ''
      const result = await runSuiteMode({
        repoRoot: scratch.project.root,
        mode: 'record-drifted',
        stub: true,
        subprocess,
        names: ['green', 'edited'],
        onPlan: (lines) => {
          plan.push(...lines)
          logWhenPlanned = read('edited', 'session.jsonl')
        },
      })
      expect(plan[0]).toBe('record-drifted: 1 to re-record, 1 green, 0 failing otherwise (left untouched)')
      expect(plan[1]).toBe('  re-record edited:')
      expect(plan[2]).toMatch(
        /^ {4}\[REPLAY_DRIFT\] .*scenarios\/edited\/session\.jsonl.*turn 1.*drift at script entry 0/,
      )
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
    },
  )
})
