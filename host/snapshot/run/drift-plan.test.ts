import { describe, expect, it } from 'vitest'
import { verificationMessage, type ReplayProblem } from '../../../plugins/llm-replay/errors.ts'
import type { Failure } from '../model/failure.ts'
import { parseManifest, type ScenarioManifest } from '../scenario/manifest.ts'
import { formatDriftPlan, planRerecord } from './drift-plan.ts'

const DRIFT =
  'scenario "edited": scenarios/edited/session.jsonl, live session s1, turn 1 step 1: drift at script entry 0 ' +
  '(recorded at turn 1 step 1): the user message differs\n- print hi\n+ print bye\n' +
  'If the change is intended, re-record the scenario'
const EXHAUSTED =
  'scenarios/longer/session.jsonl, live session s1, turn 1 step 3: the agent asked for model call 3, ' +
  'but the script has 2 entries and all were served.'

/** What a host reports when replay refused: every problem, as data. */
function replayFailure(scenario: string, problems: ReplayProblem[]): Failure {
  return { kind: 'replay', scenario, problems, message: verificationMessage(scenario, problems) }
}

const golden = (scenario: string): Failure => ({
  kind: 'surface',
  scenario,
  file: `scenarios/${scenario}/stdout.golden.jsonl`,
  surface: 'transcript',
  expected: 'a',
  actual: 'b',
  message: `scenario ${scenario}: stdout.golden.jsonl differs`,
})

/** A step the agent failed with a model error that is not replay's verdict on the script. */
const stepError = (scenario: string, modelError: string): Failure => ({
  kind: 'step',
  scenario,
  modelError,
  message: `scenario ${scenario}: steps[0] failed: ${modelError}`,
})

function manifests(...entries: Array<[string, string]>): Map<string, ScenarioManifest> {
  return new Map(
    entries.map(([name, extra]) => [
      name,
      parseManifest(`scenario: ${name}\ndescription: D.\n${extra}`, `scenarios/${name}/snapshot.yml`, name),
    ]),
  )
}

describe('the replay problems in failures', () => {
  /** The problems a failed recorded scenario is re-recorded for. */
  const replayProblemsIn = (failures: Failure[]) =>
    planRerecord([{ scenario: 'x', ok: false, failures }], manifests(['x', 'recording: stub\n'])).rerecord.flatMap(
      (entry) => entry.problems,
    )

  it('reads every problem of replay failures, first lines only, without repeats', () => {
    const drift = { code: 'REPLAY_DRIFT', message: DRIFT } as const
    expect(
      replayProblemsIn([
        replayFailure('x', [drift, { code: 'REPLAY_EXHAUSTED', message: EXHAUSTED }]),
        replayFailure('x', [drift]),
      ]),
    ).toEqual([
      { code: 'REPLAY_DRIFT', summary: DRIFT.split('\n')[0] },
      { code: 'REPLAY_EXHAUSTED', summary: EXHAUSTED },
    ])
  })

  it('does not take a code quoted inside a golden diff for a replay problem', () => {
    const quoted = { ...golden('x'), actual: '{"error":"[REPLAY_DRIFT] new"}', message: '[REPLAY_DRIFT] new' }
    expect(replayProblemsIn([quoted])).toEqual([])
  })
})

describe('planRerecord', () => {
  const all = manifests(
    ['edited', 'recording: stub\n'],
    ['longer', 'recording: live\n'],
    ['green', 'recording: stub\n'],
    ['golden-only', 'recording: stub\n'],
    ['hand-made', 'recording: authored\n'],
    ['restores', 'recording: stub\nsession: { source: edited }\n'],
    ['bad-log', 'recording: stub\n'],
  )
  const drift = (scenario: string) => replayFailure(scenario, [{ code: 'REPLAY_DRIFT', message: DRIFT }])
  const plan = planRerecord(
    [
      { scenario: 'green', ok: true, failures: [] },
      { scenario: 'edited', ok: false, failures: [drift('edited'), golden('edited')] },
      {
        scenario: 'longer',
        ok: false,
        failures: [replayFailure('longer', [{ code: 'REPLAY_EXHAUSTED', message: EXHAUSTED }])],
      },
      { scenario: 'golden-only', ok: false, failures: [golden('golden-only')] },
      { scenario: 'hand-made', ok: false, failures: [drift('hand-made')] },
      { scenario: 'restores', ok: false, failures: [drift('restores')] },
      { scenario: 'bad-log', ok: false, failures: [stepError('bad-log', 'REPLAY_STOPPED')] },
    ],
    all,
  )

  it('re-records exactly the recorded scenarios that drifted or ran out of script', () => {
    expect(plan.rerecord.map((r) => [r.scenario, r.problems.map((p) => p.code)])).toEqual([
      ['edited', ['REPLAY_DRIFT']],
      ['longer', ['REPLAY_EXHAUSTED']],
    ])
    expect(plan.green).toEqual(['green'])
  })

  it('leaves the other failures alone, saying why each is not re-recorded', () => {
    expect(plan.untouched).toEqual([
      {
        scenario: 'golden-only',
        why: 'failed without replay drift or exhaustion (see its failures; --mode refresh accepts changed goldens)',
      },
      {
        scenario: 'hand-made',
        why: 'drifted (REPLAY_DRIFT) but is authored: fix its session.jsonl or replay.override.json by hand',
      },
      { scenario: 'restores', why: 'drifted (REPLAY_DRIFT) in the logs of scenarios/edited: re-record that scenario' },
      { scenario: 'bad-log', why: 'failed with REPLAY_STOPPED, which a new recording does not fix' },
    ])
  })

  it('leaves a nondeterministic drift (two replays differ) for a normalize: rule, saying so', () => {
    const problems: ReplayProblem[] = [{ code: 'REPLAY_DRIFT', message: DRIFT }]
    const drift: Failure = {
      kind: 'replay',
      scenario: 'clock',
      problems,
      message: verificationMessage('clock', problems),
      classification: { verdict: 'nondeterministic', where: 'session log 1 line 9' },
    }
    const clock = planRerecord(
      [{ scenario: 'clock', ok: false, failures: [drift] }],
      manifests(['clock', 'recording: stub\n']),
    )
    expect(clock.rerecord).toEqual([])
    expect(clock.untouched).toEqual([
      {
        scenario: 'clock',
        why:
          'drifted (REPLAY_DRIFT) but two replays differ from each other: a new recording would drift again; add ' +
          'the normalize: rule its failure proposes (docs/nondeterminism.md), then --mode refresh',
      },
    ])
  })

  it('prints which scenarios it will re-record and why, before anything runs', () => {
    expect(formatDriftPlan(plan).slice(0, 6)).toEqual([
      'record-drifted: 2 to re-record, 1 green, 4 failing otherwise (left untouched)',
      '  re-record edited:',
      `    [REPLAY_DRIFT] ${DRIFT.split('\n')[0]}`,
      '  re-record longer:',
      `    [REPLAY_EXHAUSTED] ${EXHAUSTED}`,
      '  leave golden-only: failed without replay drift or exhaustion ' +
        '(see its failures; --mode refresh accepts changed goldens)',
    ])
  })
})
