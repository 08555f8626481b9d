// A --stub recording whose model script fails more attempts in a row than the agent's retries allow
// (issue 37, bad input) is refused before anything runs, naming the file, the items and the fix.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scratchProject } from '../test-support/scratch-project.ts'
import { runScenarios } from './run.ts'

const project = scratchProject('record-retries')
afterAll(() => project.remove())

describe('a --stub recording', () => {
  it(
    'refuses a script with more failing attempts in a row than ' + 'retries + 1 (the default 3), writing nothing',
    async () => {
      project.scenario('too-many-503', {
        manifest:
          'scenario: too-many-503\ndescription: Five 503s in a row.\nrecording: stub\nheader:\n  class: default\n',
        input: {
          steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: 'hi' }],
        },
      })
      const busy = { httpError: { status: 503, message: 'Service Unavailable' } }
      project.modelScript('too-many-503', [busy, busy, busy, busy, busy, { reply: { text: 'hello' } }])
      const recorded = await runScenarios({ root: project.root, mode: 'record', stub: true })
      const failures = recorded.outcomes[0]?.failures ?? []
      expect(failures.map((failure) => failure.kind)).toEqual(['recording'])
      expect(failures[0]?.message).toContain(
        'scenarios/too-many-503/model.yml items 1–5 are 5 failing attempts in a row (HTTP 503), ' +
          'but the agent makes at most 4 attempts per model call (agent config retries: 3): ' +
          'item 5 would be served to the next model call',
      )
      expect(existsSync(join(project.root, 'scenarios', 'too-many-503', 'session.jsonl'))).toBe(false)
    },
  )
})
