// Drives one scenario's input.json against an agent over an ACP stream with the shared script
// runner (lib/acp-script/): this host supplies the client (its editor, its permission queue, its
// wait on the session log). The same driver serves the in-process and the subprocess host; only
// the stream and the event feed differ.
import * as acp from '@agentclientprotocol/sdk'
import { QuestionInbox } from '../../../../lib/acp-script/questions.ts'
import { ScriptStepFailure } from '../../../../lib/acp-script/outcome.ts'
import { ScriptRunner } from '../../../../lib/acp-script/runner.ts'
import type { ScriptClient } from '../../../../lib/acp-script/step-kind.ts'
import { WaitTimeoutError, withTimeout } from '../../../../lib/with-timeout.ts'
import type { ScenarioInput } from '../../scenario/input.ts'
import { SCENARIO_STEPS } from '../../scenario/input-steps.ts'
import type { SessionEventWaiter } from '../../scenario/input-wait-for.ts'
import type { AcpUpdateWaiter } from '../../scenario/input-wait-update.ts'
import { UpdateFeed } from './update-feed.ts'
import { ScenarioEditor } from './editor-client.ts'
import type { SessionEventFeed } from './event-feed.ts'
import { PermissionQueue } from './permission-queue.ts'
import { plural } from '../../../../lib/plural.ts'
import type { Failure } from '../../model/failure.ts'

interface DriveOptions {
  scenario: string
  input: ScenarioInput
  /** The client's side of the ACP message stream. */
  stream: acp.Stream
  feed: SessionEventFeed
  /** The scenario's fresh temp cwd, sent with session/new and session/load. */
  cwd: string
  /** The scenario folder: the MCP servers input.json names resolve against it (none: relative paths are refused). */
  scenarioDir?: string
  /** Per wait (a response, an event); the error names what was awaited. */
  timeoutMs: number
  /** Aliases known before the first step (a recorded session restored by session/load). */
  predefined?: Record<string, string>
  /** What queued permission answers left at the end mean (snapshot.yml `permissions.unusedAnswers`). */
  unusedAnswers?: 'error' | 'ignore'
  /** The ACP traffic counts, when the stream feeds them too (its dropped update lines: skip-updates.ts). */
  updates?: UpdateFeed
}

interface DriveResult {
  /** Empty when every step did what the script says. */
  failures: Failure[]
}

export async function driveScenario(options: DriveOptions): Promise<DriveResult> {
  const permissions = new PermissionQueue(options.input.permissions)
  const editor = new ScenarioEditor(options.cwd, options.input.client)
  const questions = new QuestionInbox(!!options.input.client?.elicitation)
  const updates = options.updates ?? new UpdateFeed()
  const connection = connect(editor, permissions, questions, updates, options.stream)
  const failures: Failure[] = []
  const { scenario } = options
  const stepFailure = (message: string): Failure => ({ kind: 'step', scenario, message })
  try {
    const client = { ...scenarioClient(options, editor, connection.agent, updates), questions }
    await new ScriptRunner(SCENARIO_STEPS, client).run(options.input.steps)
    failures.push(...questions.leftovers().map(stepFailure))
  } catch (error) {
    failures.push(failedStep(scenario, error))
  } finally {
    connection.close()
    await editor.close()
  }
  failures.push(...[...editor.problems, ...permissions.problems, ...questions.problems].map(stepFailure))
  const unused = permissions.unused()
  if (unused.length && !failures.length && options.unusedAnswers !== 'ignore')
    failures.push(
      stepFailure(
        `${plural(unused.length, 'permission answer')} never used: ${unused.join(', ')}; ` +
          'the agent asked fewer times than ' +
          `"permissions" in input.json expects`,
      ),
    )
  return { failures }
}

/** The step that went wrong, with the model error the agent answered it with (its error's data says which). */
function failedStep(scenario: string, error: unknown): Failure {
  const { message } = error as Error
  if (error instanceof WaitTimeoutError) return { kind: 'step', scenario, message, timedOut: true }
  if (!(error instanceof ScriptStepFailure)) return { kind: 'step', scenario, message }
  const code = (error.error?.data as { code?: unknown } | undefined)?.code
  return {
    kind: 'step',
    scenario,
    message,
    ...(error.step ? { step: error.step } : {}),
    ...(typeof code === 'string' ? { modelError: code } : {}),
  }
}

/**
 * The editor's side of the connection: fs/terminal from the editor, permissions from the queue,
 * questions held for steps.
 */
function connect(
  editor: ScenarioEditor,
  permissions: PermissionQueue,
  questions: QuestionInbox,
  updates: UpdateFeed,
  stream: acp.Stream,
) {
  return (
    editor
      .serve(acp.client({ name: 'dsh-test-host' }))
      .onRequest(acp.methods.client.session.requestPermission, ({ params, signal }) => {
        updates.permission(params)
        return permissions.answer(params, signal)
      })
      .onRequest(acp.methods.client.elicitation.create, ({ params, signal }) => questions.receive(params, signal))
      // The transcript is compared byte for byte with its golden, so the SDK's per-message
      // schema validation of updates would only cost time (it dominates long replays).
      .onNotification(
        acp.methods.client.session.update,
        (params: unknown) => params,
        (params: unknown) => updates.update(params),
      )
      .connect(editor.tap(stream))
  )
}

function scenarioClient(
  options: DriveOptions,
  editor: ScenarioEditor,
  agent: acp.ClientContext,
  updates: UpdateFeed,
): ScriptClient<SessionEventWaiter & AcpUpdateWaiter> {
  const { feed, timeoutMs } = options
  return {
    agent,
    cwd: options.cwd,
    scriptDir: options.scenarioDir,
    host: {
      waitFor: (sessionId, query, what) => feed.waitFor(sessionId, query, timeoutMs, what),
      waitForUpdate: (sessionId, query, what) => updates.waitFor(sessionId, query, timeoutMs, what),
    },
    // One timeout for every kind of wait: replay is fast, and a stuck scenario should fail soon.
    wait: (promise, _kind, what) => withTimeout(promise, timeoutMs, what),
    initializeParams: () => ({ protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: editor.capabilities() }),
    sessions: new Map(Object.entries(options.predefined ?? {})),
    unexpectedErrorHint: (state) =>
      `add "expectError": { "code": ${state.outcome?.kind === 'error' ? state.outcome.error.code : '…'} } to ` +
      `steps[${state.index}] if the error is intended`,
  }
}
