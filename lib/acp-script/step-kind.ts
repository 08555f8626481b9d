// What one kind of step is: its strict schema, its cross-step rules, how messages name it and
// how it runs. The shared kinds are in steps/; a host adds its own kinds (waits on what only it
// can see) to the same table, so a scenario and a conformance case are one language.
import type * as acp from '@agentclientprotocol/sdk'
import type { z } from 'zod'
import type { RequestOutcome } from './outcome.ts'
import type { QuestionInbox } from './questions.ts'

/** The fields every step may carry, whatever its op. */
export interface ScriptStep {
  op: string
  /** A name later steps (and a host's checks) refer to. */
  as?: string
  expectError?: { code: number; message?: string }
}

/** Which timeout bounds a wait: the first exchange, a request, a background prompt, an observed event. */
export type WaitKind = 'start' | 'request' | 'settle' | 'update'

/** One step while it runs; a host may keep these (conformance traces them). */
export interface StepState {
  index: number
  op: string
  as?: string
  /** `steps[2] (prompt "p1" in s1 "hello")`: how messages name the step. */
  label: string
  /** The session id the step sent (prompt, cancel, …) or received (newSession). */
  sessionId?: string
  /** For request steps; a background prompt's outcome is filled in when it is awaited. */
  outcome?: RequestOutcome
}

/** What the runner needs from the host that plays the client. */
export interface ScriptClient<H = unknown> {
  /** The agent side of the client's ACP connection. */
  agent: acp.ClientContext
  /** The session cwd: sent with session/new and session/load, and what `{{cwd}}` expands to. */
  cwd: string
  /** The folder the script lives in: relative MCP server paths resolve against it (none: refused). */
  scriptDir?: string
  /** What this host's own step kinds need (an event feed, a recorder, …). */
  host: H
  /** The agent's questions (elicitation/create) the client holds for answerQuestion steps. */
  questions?: QuestionInbox
  /** Bounds a wait by the host's timeout of that kind; the error names `what`. */
  wait<T>(promise: Promise<T>, kind: WaitKind, what: string): Promise<T>
  initializeParams(): acp.InitializeRequest
  /** Session names known before the first step (e.g. a recorded session), and where new ones go. */
  sessions?: Map<string, string>
  /** A failure the host expects although the step has no expectError (conformance: an error check). */
  expectsFailure?(state: StepState): boolean
  /** How to declare an error as intended, appended to an unexpected error's message. */
  unexpectedErrorHint(state: StepState): string
  /** Called just before session/cancel is sent. */
  beforeCancel?(sessionId: string): void
  stepStarted?(state: StepState): void
  /** May be async: the runner waits for it before the next step, and a throw stops the script there. */
  stepEnded?(state: StepState): void | Promise<void>
}

/** What a step kind's `run` may do: the runner's services for the step being run. */
export interface StepRun<H = unknown> {
  readonly client: ScriptClient<H>
  readonly state: StepState
  /** The id a `session` name or a literal `sessionId` stands for. */
  sessionOf(target: { session?: string; sessionId?: string }): string
  defineSession(name: string, id: string): void
  /** Sends nothing itself: bounds, records and judges a request's outcome against the step's expectation. */
  request(step: ScriptStep, response: Promise<unknown>, kind?: WaitKind): Promise<RequestOutcome>
  startBackground(step: ScriptStep & { as: string }, response: Promise<unknown>): void
  awaitBackground(name: string): Promise<void>
  /** `{{cwd}}` in every string becomes the session cwd. */
  expand<T>(value: T): T
  /** The earlier step this name gave itself, once it ran (its outcome is the answer a reference reads). */
  answered(name: string): StepState | undefined
}

/** Where a step is, for issues: `at()` is `steps[3]`, `at('session')` is `steps[3].session`. */
export interface StepAt {
  index: number
  at(field?: string): string
}

/** What a name defines: a session, a background prompt to await, or just a step to refer to. */
export type NameKind = 'session' | 'background-prompt' | 'step'

/** The alias/reference checker as a step kind's rules see it. */
export interface ScriptNames {
  issue(path: string, message: string): void
  /** Whether the step is expected to fail (its expectError, or the host's own rule). */
  expectsFailure(step: ScriptStep): boolean
  /** `name` must be a session defined by an earlier step that does not fail. */
  session(path: string, name: string): void
  /** `name` must be an earlier step. */
  earlier(path: string, name: string): void
  /** `name` must be an earlier step of the script expected to succeed: its answer is read. */
  answered(path: string, name: string): void
  /** `name` must be an earlier background prompt not yet awaited; marks it awaited. */
  awaited(path: string, name: string): void
}

export interface StepKind<H = unknown> {
  op: string
  schema: z.ZodObject
  /** What the step's `as` names (default: the step). */
  names?(step: ScriptStep): NameKind
  /** Cross-step rules and fields that only make sense together; each issue names its field. */
  check?(step: ScriptStep, where: StepAt, names: ScriptNames): void
  /** What follows the op (and name) in messages, e.g. `in s1 "hello"`. */
  describe?(step: ScriptStep): string
  run(step: ScriptStep, run: StepRun<H>): Promise<void>
}

/** A step kind whose functions see the step as its schema parses it. */
export function defineStep<S extends z.ZodObject, H = unknown>(kind: {
  schema: S
  names?(step: z.output<S>): NameKind
  check?(step: z.output<S>, where: StepAt, names: ScriptNames): void
  describe?(step: z.output<S>): string
  run(step: z.output<S>, run: StepRun<H>): Promise<void>
}): Omit<StepKind<H>, 'schema'> & { schema: S } {
  const op = (kind.schema.shape as { op?: { value?: unknown } }).op?.value
  if (typeof op !== 'string') throw new Error('a step kind schema needs an "op" literal')
  // A table's steps were parsed by its schema, a union discriminated by `op`: a step with this op is
  // this kind's output. Checked at each call, so a step handed to the wrong kind fails by name.
  const isOwn = (step: ScriptStep): step is ScriptStep & z.output<S> => step.op === op
  const own = (step: ScriptStep): z.output<S> => {
    if (isOwn(step)) return step
    throw new Error(`step kind "${op}" was handed a "${step.op}" step; look the kind up by the step's op`)
  }
  const { names, check, describe, run } = kind
  return {
    op,
    schema: kind.schema,
    run: (step, services) => run(own(step), services),
    ...(names && { names: (step: ScriptStep) => names(own(step)) }),
    ...(check && { check: (step: ScriptStep, where: StepAt, known: ScriptNames) => check(own(step), where, known) }),
    ...(describe && { describe: (step: ScriptStep) => describe(own(step)) }),
  }
}
