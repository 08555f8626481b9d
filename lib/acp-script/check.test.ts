// The alias/reference checker on the shared steps plus a host step of its own, as a host adds it.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { closedObject } from '../closed-object.ts'
import { checkScript } from './check.ts'
import { named, stepName } from './fields.ts'
import { SHARED_STEPS } from './shared-steps.ts'
import { defineStep, type ScriptStep } from './step-kind.ts'

/** A host's own step: it names a session and an earlier step, as waits do. */
const watchStep = defineStep({
  schema: closedObject({ op: z.literal('watch'), ...named, session: stepName, since: stepName.optional() }),
  check(step, where, names) {
    names.session(where.at('session'), step.session)
    if (step.since !== undefined) names.earlier(where.at('since'), step.since)
  },
  run: async () => {},
})
const KINDS = [...SHARED_STEPS, watchStep]

const issuesOf = (steps: Array<ScriptStep & Record<string, unknown>>, options = {}) =>
  checkScript(steps, KINDS, options).issues.map((i) => `${i.path}: ${i.message}`)

const init = { op: 'initialize' }
const s1 = { op: 'newSession', as: 's1' }

describe('checkScript', () => {
  it('accepts a script whose names are defined once, before use, and whose background prompts are awaited', () => {
    const steps = [
      init,
      s1,
      { op: 'prompt', session: 's1', text: 'a', as: 'p1', background: true },
      { op: 'watch', session: 's1', since: 'p1' },
      { op: 'cancel', session: 's1' },
      { op: 'await', prompt: 'p1' },
      { op: 'prompt', sessionId: 'literal', text: 'b', expectError: { code: -32602 } },
    ]
    const { issues, names } = checkScript(steps, KINDS)
    expect(issues).toEqual([])
    expect(names.get('p1')).toEqual({ index: 2, op: 'prompt', kind: 'background-prompt' })
    expect(names.get('s1')).toMatchObject({ index: 1, kind: 'session' })
  })

  it('runs a host step kind’s rules with the same names', () => {
    expect(issuesOf([init, { op: 'watch', session: 's1', since: 'later' }, s1, { op: 'cancel' }])).toEqual([
      'steps[1].session: session "s1" is used before it is defined (at steps[2]); move the defining step earlier',
      'steps[1].since: no earlier step is named "later"; steps named so far: none',
      'steps[3]: cancel needs exactly one of "session" (the name of a newSession step) and "sessionId" (a literal id)',
    ])
  })

  it('refuses a reserved name, a duplicate, and a session that is expected to fail', () => {
    const predefined = { names: ['recorded'], what: 'a session restored from session.source' }
    const failing = new Map([['bad', 'checks[0] is an error check on it']])
    const steps = [
      init,
      { op: 'newSession', as: 'recorded' },
      s1,
      { op: 'loadSession', session: 'recorded', as: 's1' },
      { op: 'newSession', as: 'bad' },
      { op: 'newSession', as: 'worse', expectError: { code: 1 } },
      { op: 'setMode', session: 'bad', mode: 'ask' },
      { op: 'setMode', session: 'worse', mode: 'ask' },
    ]
    expect(issuesOf(steps, { predefined, failing })).toEqual([
      'steps[1].as: "recorded" is reserved for a session restored from session.source; pick another name',
      'steps[3].as: "s1" already names steps[2]; names must be unique',
      'steps[6].session: session "bad" is expected to fail (checks[0] is an error check on it), so it never exists',
      'steps[7].session: session "worse" is expected to fail (steps[5] has expectError), so it never exists',
    ])
  })

  it('awaits each background prompt exactly once, and only background prompts', () => {
    const steps = [
      init,
      s1,
      { op: 'prompt', session: 's1', text: 'a', as: 'fg' },
      { op: 'prompt', session: 's1', text: 'b', as: 'bg', background: true },
      { op: 'prompt', session: 's1', text: 'c', as: 'never', background: true },
      { op: 'await', prompt: 'bg' },
      { op: 'await', prompt: 'bg' },
      { op: 'await', prompt: 'fg' },
      { op: 'await', prompt: 's1' },
      { op: 'prompt', session: 's1', text: 'd', background: true },
    ]
    expect(issuesOf(steps)).toEqual([
      'steps[6].prompt: background prompt "bg" is already awaited by steps[5]; await it once',
      'steps[7].prompt: "fg" names steps[2] (prompt), not a background prompt',
      'steps[8].prompt: "s1" names a session, not a background prompt',
      'steps[9].background: a background prompt needs "as" so a later await step can collect its response',
      'steps[4].as: background prompt "never" is never awaited; add { "op": "await", "prompt": "never" } after it',
    ])
  })

  it('keeps invalid-request fields for steps that expect to fail', () => {
    const steps = [
      init,
      { op: 'newSession', as: 's1', params: { cwd: 'rel' } },
      { op: 'listSessions', cursor: 'c' },
      { op: 'listSessions', cursor: 'c', expectError: { code: -32602 } },
    ]
    expect(issuesOf(steps)).toEqual([
      'steps[1].params: params are only for invalid requests and need an expected error; drop them to send the ' +
        'session cwd',
      'steps[2].cursor: cursor is only for invalid-cursor tests and needs an expected error; ' +
        'drop it to list from the ' +
        'start',
    ])
  })

  it('lets a value name an earlier step that succeeds, and no other', () => {
    const ref = (answerOf: string) => ({ op: 'authenticate', methodId: { answerOf, path: 'authMethods.0.id' } })
    const failing = new Map([['bad', 'checks[0] is an error check on it']])
    const steps = [
      { op: 'initialize', as: 'init' },
      ref('init'),
      ref('later'),
      { op: 'initialize', as: 'bad' },
      ref('bad'),
      { op: 'prompt', sessionId: 'x', text: 'a', as: 'p1', background: true },
      ref('p1'),
      { op: 'await', prompt: 'p1' },
      { op: 'newSession', as: 'later' },
    ]
    expect(issuesOf(steps, { failing })).toEqual([
      'steps[2].methodId.answerOf: no earlier step is named "later"; steps named so far: init',
      'steps[4].methodId.answerOf: "bad" is expected to fail (checks[0] is an error check on it): no answer',
      'steps[6].methodId.answerOf: "p1" is a background prompt; refer to a step answered in order',
    ])
  })
})
