import { describe, expect, it } from 'vitest'
import { ConformanceDataError, validateSuite, type SourceFile } from './suite.ts'
import { UsageError } from '../../lib/usage-error.ts'
import { selectCases } from './select.ts'

const SPEC = { file: 'SPEC.md', text: '# spec\n\n- **R1** The agent MUST answer.\n- **R2** The agent MUST clean up.\n' }
const source = (folder: 'cases' | 'profiles', name: string, data: unknown): SourceFile => ({
  file: `${folder}/${name}`,
  name,
  text: typeof data === 'string' ? data : JSON.stringify(data, null, 2),
})
const caseFile = (name: string, data: unknown) => source('cases', name, data)
const profile = (name: string, data: unknown) => source('profiles', name, data)

const minimal = {
  title: 'a session can be created',
  spec: ['R1'],
  steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }],
  checks: [{ check: 'sessionId', session: 's1' }],
}
/** A case whose steps are `steps` (the first, steps[0], is always initialize). */
const withSteps = (steps: unknown[], checks: unknown[] = minimal.checks) => ({
  ...minimal,
  steps: [{ op: 'initialize' }, ...steps],
  checks,
})

/** Every problem, as `file: path: message` lines, from a suite that must be invalid. */
function problems(cases: SourceFile[], profiles: SourceFile[] = []): string[] {
  try {
    validateSuite({ spec: SPEC, cases, profiles })
  } catch (error) {
    expect(error).toBeInstanceOf(ConformanceDataError)
    return (error as ConformanceDataError).problems.flatMap((p) =>
      p.issues.map(
        (i) =>
          `${p.file}: ${[i.line !== undefined ? `line ${i.line}` : '', i.path].filter(Boolean).join(', ')}: ` +
          `${i.message}`,
      ),
    )
  }
  throw new Error('expected the suite to be invalid')
}

describe('validateSuite', () => {
  it('accepts a valid suite, ordered by prefix, and selects a profile', () => {
    const suite = validateSuite({
      spec: SPEC,
      cases: [caseFile('010-later.json', minimal), caseFile('002-first.json', minimal)],
      profiles: [profile('p.json', { description: 'd', required: ['later'], optional: ['first'] })],
    })
    expect(suite.cases.map((c) => [c.order, c.id])).toEqual([
      [2, 'first'],
      [10, 'later'],
    ])
    expect(selectCases(suite, 'p').map((c) => [c.case.id, c.required])).toEqual([
      ['first', false],
      ['later', true],
    ])
    expect(selectCases(suite, 'p', ['later']).map((c) => c.case.id)).toEqual(['later'])
    expect(() => selectCases(suite, 'q')).toThrow(UsageError)
    expect(() => selectCases(suite, 'p', ['latr'])).toThrow(/--case "latr": no such case; did you mean "later"\?/)
  })

  it('names the file and JSON path of unknown fields, step ops, check kinds and bad types', () => {
    expect(
      problems([
        caseFile('001-a.json', {
          ...withSteps(
            [
              { op: 'newsession', as: 's1' },
              { op: 'sleep', ms: 'soon' },
              { op: 'cancel', sesion: 's1' },
            ],
            [{ check: 'stopreason' }],
          ),
          colour: 'red',
        }),
      ]),
    ).toEqual([
      // A near miss names what was meant (lib/did-you-mean.ts); a miss lists what exists.
      'cases/001-a.json: steps[1].op: unknown op "newsession"; did you mean "newSession"?',
      'cases/001-a.json: steps[2].ms: expected number, got string "soon"',
      'cases/001-a.json: steps[3].sesion: unknown field; did you mean "session"?',
      expect.stringMatching(
        /^cases\/001-a\.json: checks\[0\]\.check: unknown check "stopreason"; did you mean "stopReason"\?$/,
      ),
      expect.stringMatching(/^cases\/001-a\.json: colour: unknown field/),
    ])
  })

  it('reports JSON syntax errors, bad file names, duplicate prefixes and duplicate ids', () => {
    const found = problems([
      caseFile('001-a.json', minimal),
      caseFile('001-b.json', minimal),
      caseFile('002-a.json', minimal),
      caseFile('003-broken.json', '{\n  "title": "x",\n}'),
      caseFile('4-short.json', minimal),
      caseFile('005-Upper.json', minimal),
      caseFile('notes.txt', 'hello'),
      { file: 'cases/006-folder.json', name: '006-folder.json', text: undefined },
    ])
    expect(found).toEqual([
      'cases/001-b.json: : prefix 001 is also used by cases/001-a.json; the prefix orders the run, so each must be ' +
        'unique',
      'cases/002-a.json: : case id "a" is also the id of cases/001-a.json; ids (the name after the prefix) must be ' +
        'unique',
      expect.stringMatching(/^cases\/003-broken\.json: line 3: not valid JSON: /),
      expect.stringMatching(/^cases\/005-Upper\.json: : a file whose name is not NNN-<id>\.json/),
      expect.stringMatching(/^cases\/006-folder\.json: : a folder whose name is not NNN-<id>\.json/),
      expect.stringMatching(/^cases\/4-short\.json: : a file whose name is not NNN-<id>\.json/),
      expect.stringMatching(/^cases\/notes\.txt: : a file whose name is not NNN-<id>\.json/),
    ])
  })

  it('checks references between steps and checks, pointing at the field', () => {
    expect(
      problems([
        caseFile(
          '001-refs.json',
          withSteps(
            [
              { op: 'newSession', as: 's1' },
              { op: 'prompt', session: 's2', text: 'hi' },
              { op: 'prompt', session: 's1', as: 'bg', text: 'long', background: true },
              { op: 'prompt', session: 's1', sessionId: 'x', text: 'hi' },
              { op: 'prompt', session: 's1', as: 's1', content: [{ type: 'text', text: 'a' }], text: 'b' },
            ],
            [
              { check: 'stopReason', prompt: 's1', in: ['end_turn'] },
              { check: 'error', step: 'nope', codes: [-32602] },
              { check: 'updateCount', min: 1, from: 'bg', through: 's1', max: 0 },
            ],
          ),
        ),
      ]),
    ).toEqual([
      'cases/001-refs.json: steps[2].session: no earlier step defines session "s2" (sessions named so far: s1); ' +
        'define it with { "op": "newSession", "as": "s2" }, or send a literal id with "sessionId"',
      'cases/001-refs.json: steps[4]: prompt needs exactly one of "session" (the name of a newSession step) and ' +
        '"sessionId" (a literal id)',
      'cases/001-refs.json: steps[5]: give either text or content, not both',
      'cases/001-refs.json: steps[5].as: "s1" already names steps[1]; names must be unique',
      'cases/001-refs.json: steps[3].as: background prompt "bg" is never awaited; add { "op": "await", "prompt": ' +
        '"bg" } after it',
      'cases/001-refs.json: checks[0].prompt: "s1" is a newSession step (steps[1]); this must name a prompt step: bg',
      'cases/001-refs.json: checks[1].step: no step is named "nope"; request steps named so far: s1, bg',
      'cases/001-refs.json: checks[2].through: "s1" (steps[1]) comes before "from" "bg" (steps[3]); swap them',
      'cases/001-refs.json: checks[2].max: max 0 is below min 1',
    ])
  })

  it('refuses a session used after a step an error check expects to fail, and unknown requirement ids', () => {
    expect(
      problems([
        caseFile('001-x.json', {
          ...withSteps(
            [
              { op: 'newSession', as: 'bad', params: { cwd: 'rel' } },
              { op: 'cancel', session: 'bad' },
            ],
            [{ check: 'error', step: 'bad', codes: [-32602] }],
          ),
          spec: ['R1', 'R9'],
        }),
      ]),
    ).toEqual([
      'cases/001-x.json: steps[2].session: session "bad" is expected to fail (checks[0] is an error check on it), ' +
        'so it never exists',
      'cases/001-x.json: spec[1]: R9 is not declared in SPEC.md (declared: R1, R2)',
    ])
  })

  it('names the old spellings of steps with the new ones, and a case that never initializes', () => {
    expect(
      problems([
        caseFile('001-old.json', {
          ...minimal,
          steps: [
            { op: 'newSession', as: 's1' },
            { op: 'promptBackground', session: 's1', as: 'bg', text: 'long' },
            { op: 'awaitBackground', prompt: 'bg' },
          ],
        }),
        caseFile('002-no-init.json', { ...minimal, steps: [{ op: 'newSession', as: 's1' }] }),
      ]),
    ).toEqual([
      'cases/001-old.json: steps[1].op: "promptBackground" is now { "op": "prompt", "background": true, "as": … }; ' +
        'did you mean that?',
      'cases/001-old.json: steps[2].op: "awaitBackground" is now { "op": "await", "prompt": … } (the background ' +
        'prompt\'s "as"); did you mean that?',
      'cases/002-no-init.json: steps: the case never sends initialize; start its steps with { "op": "initialize" } ' +
        '(the runner sends only what the steps say)',
    ])
  })

  it('checks profiles: missing and repeated case ids, unknown fields, file names', () => {
    expect(
      problems(
        [caseFile('001-cancel-idle.json', minimal)],
        [
          profile('core.json', {
            description: 'd',
            required: ['cancel-idle', 'cancel-idel'],
            optional: ['cancel-idle'],
            extra: true,
          }),
          profile('two.json', {
            description: 'd',
            required: ['cancel-idle', 'nothing-like-it'],
            optional: ['cancel-idle'],
          }),
          profile('Bad Name.json', { description: 'd', required: ['cancel-idle'] }),
        ],
      ),
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^profiles\/core\.json: extra: unknown field; the fields allowed here are: \$schema, ` +
            'description, required, optional$',
        ),
      ),
      'profiles/two.json: required[1]: no case has id "nothing-like-it"; known: cancel-idle',
      'profiles/two.json: optional[0]: "cancel-idle" is already listed at required[0]; list each case once',
      expect.stringMatching(/^profiles\/Bad Name\.json: : profiles\/ holds only <name>\.json files/),
    ])
    expect(
      problems(
        [caseFile('001-cancel-idle.json', minimal)],
        [profile('core.json', { description: 'd', required: ['cancel-idel'] })],
      ),
    ).toEqual(['profiles/core.json: required[0]: no case has id "cancel-idel"; did you mean "cancel-idle"?'])
  })

  it('needs a spec that declares requirements', () => {
    expect(() => validateSuite({ spec: { file: 'SPEC.md', text: 'no list here' }, cases: [], profiles: [] })).toThrow(
      /SPEC\.md: declares no requirements/,
    )
  })
})
