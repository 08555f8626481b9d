// The one runner: plays a script's steps in order against an agent through the client a host
// supplies (its connection, cwd, timeouts and own step kinds). The first step that goes wrong
// (an unexpected error or success, a timeout) throws, naming the step and what to do.
import { expandCwdDeep } from '../cwd-spellings.ts'
import { describeStep } from './describe.ts'
import { type RequestOutcome, ScriptStepFailure, settle } from './outcome.ts'
import type { ScriptClient, ScriptStep, StepKind, StepRun, StepState, WaitKind } from './step-kind.ts'

interface Background {
  step: ScriptStep
  state: StepState
  outcome: Promise<RequestOutcome>
}

export class ScriptRunner<H> {
  private readonly kinds: Map<string, StepKind<H>>
  private readonly sessions: Map<string, string>
  private readonly background = new Map<string, Background>()
  /** Named steps that ran, for references to their answers (lib/acp-script/answer-ref.ts). */
  private readonly ran = new Map<string, StepState>()

  constructor(
    kinds: readonly StepKind<H>[],
    private readonly client: ScriptClient<H>,
  ) {
    this.kinds = new Map(kinds.map((kind) => [kind.op, kind]))
    this.sessions = client.sessions ?? new Map()
  }

  async run(steps: readonly ScriptStep[]): Promise<void> {
    for (const [index, step] of steps.entries()) await this.runStep(step, index)
  }

  private async runStep(step: ScriptStep, index: number): Promise<void> {
    const kind = this.kinds.get(step.op)
    if (!kind) throw new ScriptStepFailure(`steps[${index}]: this host has no step "${step.op}"`)
    const state: StepState = {
      index,
      op: step.op,
      ...(step.as !== undefined ? { as: step.as } : {}),
      label: describeStep(step, index, kind as StepKind<never>),
    }
    this.client.stepStarted?.(state)
    await kind.run(step, this.services(state))
    if (step.as !== undefined) this.ran.set(step.as, state)
    await this.client.stepEnded?.(state)
  }

  private services(state: StepState): StepRun<H> {
    return {
      client: this.client,
      state,
      sessionOf: (target) => target.sessionId ?? this.sessions.get(target.session!) ?? target.session!,
      defineSession: (name, id) => {
        this.sessions.set(name, id)
        state.sessionId = id
      },
      request: (step, response, kind = 'request') => this.request(step, state, response, kind),
      startBackground: (step, response) => this.background.set(step.as, { step, state, outcome: settle(response) }),
      awaitBackground: (name) => this.awaitBackground(name),
      expand: (value) => expandCwdDeep(value, this.client.cwd),
      answered: (name) => this.ran.get(name),
    }
  }

  private async request(
    step: ScriptStep,
    state: StepState,
    response: Promise<unknown>,
    kind: WaitKind,
  ): Promise<RequestOutcome> {
    const outcome = await this.client.wait(settle(response), kind, `the response to ${state.label}`)
    this.judge(step, state, outcome)
    return outcome
  }

  private async awaitBackground(name: string): Promise<void> {
    const pending = this.background.get(name)
    if (!pending) throw new ScriptStepFailure(`no background prompt named ${JSON.stringify(name)} is pending`)
    this.background.delete(name)
    const outcome = await this.client.wait(pending.outcome, 'settle', `background ${pending.state.label} to settle`)
    this.judge(pending.step, pending.state, outcome)
  }

  /** Records the outcome, and throws when it is not what the step (or the host) expects. */
  private judge(step: ScriptStep, state: StepState, outcome: RequestOutcome): void {
    state.outcome = outcome
    const expected = step.expectError
    const label = state.label
    if (outcome.kind === 'ok') {
      if (expected)
        throw new ScriptStepFailure(
          `${label}: expected error ${expected.code}, but the request succeeded with ${JSON.stringify(outcome.result)}`,
          label,
        )
      return
    }
    const { code, message } = outcome.error
    if (!expected) {
      if (this.client.expectsFailure?.(state)) return
      throw new ScriptStepFailure(
        `${label} failed with ${code ?? 'no code'}: ${message}; ${this.client.unexpectedErrorHint(state)}`,
        label,
        outcome.error,
      )
    }
    if (code !== expected.code)
      throw new ScriptStepFailure(
        `${label}: expected error code ${expected.code}, got ${code}: ${message}`,
        label,
        outcome.error,
      )
    if (expected.message !== undefined && message !== expected.message)
      throw new ScriptStepFailure(
        `${label}: expected error message ${JSON.stringify(expected.message)}, got ${JSON.stringify(message)}`,
        label,
        outcome.error,
      )
  }
}
