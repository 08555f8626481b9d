// The step engine: drives one scenario's input.json against an agent over an ACP stream.
// The same driver serves the in-process and the subprocess host; only the stream and the
// event feed differ.
import * as acp from '@agentclientprotocol/sdk'
import type { InputStep, ScenarioInput } from '../../scenario/input.ts'
import { ScenarioEditor } from './editor-client.ts'
import type { SessionEventFeed } from './event-feed.ts'
import { PermissionQueue } from './permission-queue.ts'
import { withTimeout } from '../../../../lib/with-timeout.ts'

export interface DriveOptions {
  scenario: string
  input: ScenarioInput
  /** The client's side of the ACP message stream. */
  stream: acp.Stream
  feed: SessionEventFeed
  /** The scenario's fresh temp cwd, sent with session/new and session/load. */
  cwd: string
  /** Per wait (a response, an event); the error names what was awaited. */
  timeoutMs: number
  /** Aliases known before the first step (a recorded session restored by session/load). */
  predefined?: Record<string, string>
  /** What queued permission answers left at the end mean (snapshot.yml `permissions.unusedAnswers`). */
  unusedAnswers?: 'error' | 'ignore'
}

export interface DriveResult {
  /** Empty when every step did what the script says. */
  failures: string[]
}

type ErrorExpectation = { code: number; message?: string } | undefined

export async function driveScenario(options: DriveOptions): Promise<DriveResult> {
  const { input, feed, cwd, timeoutMs } = options
  const permissions = new PermissionQueue(input.permissions)
  const editor = new ScenarioEditor(cwd, input.client)
  const client = editor
    .serve(acp.client({ name: 'dsh-test-host' }))
    .onRequest(acp.methods.client.session.requestPermission, ({ params, signal }) => permissions.answer(params, signal))
    // The transcript is compared byte for byte with its golden, so the SDK's per-message
    // schema validation of updates would only cost time (it dominates long replays).
    .onNotification(
      acp.methods.client.session.update,
      (params: unknown) => params,
      () => {},
    )
  const connection = client.connect(options.stream)
  const agent = connection.agent
  const sessions = new Map<string, string>(Object.entries(options.predefined ?? {}))
  const background = new Map<string, { step: number; settled: Promise<string | undefined> }>()
  const failures: string[] = []

  const sessionId = (ref: string) => sessions.get(ref) ?? ref
  /** Runs a request and checks it against the step's expectation; returns the result when it succeeded. */
  const checked = async <T>(label: string, expect: ErrorExpectation, request: Promise<T>): Promise<T | undefined> => {
    const outcome = await withTimeout(
      request.then(
        (value) => ({ value }),
        (error) => ({ error }),
      ),
      timeoutMs,
      `the response to ${label}`,
    )
    return settleExpectation(label, expect, outcome)
  }

  const run = async (step: InputStep, index: number) => {
    const label = `step ${index + 1} (${describe(step)})`
    switch (step.op) {
      case 'initialize':
        await checked(
          label,
          step.expectError,
          agent.request(acp.methods.agent.initialize, {
            protocolVersion: acp.PROTOCOL_VERSION,
            clientCapabilities: editor.capabilities(),
          }),
        )
        break
      case 'newSession': {
        const params = { cwd: step.cwd === undefined ? cwd : step.cwd, mcpServers: [] } as acp.NewSessionRequest
        const response = await checked(label, step.expectError, agent.request(acp.methods.agent.session.new, params))
        if (response) sessions.set(step.as, response.sessionId)
        break
      }
      case 'loadSession': {
        const id = sessionId(step.session)
        const response = await checked(
          label,
          step.expectError,
          agent.request(acp.methods.agent.session.load, { sessionId: id, cwd, mcpServers: [] }),
        )
        if (response && step.as) sessions.set(step.as, id)
        break
      }
      case 'prompt': {
        const prompt = step.content
          ? (step.content as acp.ContentBlock[])
          : [{ type: 'text' as const, text: step.text ?? '' }]
        const request = agent.request(acp.methods.agent.session.prompt, { sessionId: sessionId(step.session), prompt })
        if (!step.background) {
          await checked(label, step.expectError, request)
          break
        }
        // A background prompt's outcome is judged when it is awaited (or at the end of the script).
        const settled = request
          .then(
            (value) => ({ value }),
            (error) => ({ error }),
          )
          .then(
            (outcome) => {
              settleExpectation(label, step.expectError, outcome)
              return undefined
            },
            (error: Error) => error.message,
          )
        background.set(step.as ?? `#${index + 1}`, { step: index + 1, settled })
        break
      }
      case 'cancel':
        await agent.notify(acp.methods.agent.session.cancel, { sessionId: sessionId(step.session) })
        break
      case 'setMode':
        await checked(
          label,
          step.expectError,
          agent.request(acp.methods.agent.session.setMode, { sessionId: sessionId(step.session), modeId: step.mode }),
        )
        break
      case 'listSessions':
        await checked(
          label,
          step.expectError,
          agent.request(acp.methods.agent.session.list, step.cursor === undefined ? {} : { cursor: step.cursor }),
        )
        break
      case 'await': {
        const pending = background.get(step.from)
        if (!pending) throw new Error(`${label}: no background prompt named "${step.from}"`)
        background.delete(step.from)
        const failure = await withTimeout(
          pending.settled,
          timeoutMs,
          `background prompt "${step.from}" (step ${pending.step})`,
        )
        if (failure) throw new Error(failure)
        break
      }
      case 'waitFor':
        await feed.waitFor(
          sessionId(step.session),
          { type: step.event, count: step.count, turn: step.turn },
          timeoutMs,
          `${label}: event ` +
            `${step.event}${step.turn ? ` of turn ${step.turn}` : ''}${step.count ? ` ×${step.count}` : ''} in ` +
            `session ${step.session}`,
        )
        break
    }
  }

  try {
    for (const [index, step] of input.steps.entries()) await run(step, index)
    for (const [name, pending] of background) {
      const failure = await withTimeout(
        pending.settled,
        timeoutMs,
        `background prompt "${name}" (step ${pending.step}), never awaited by the script`,
      )
      if (failure) failures.push(failure)
    }
  } catch (error) {
    failures.push((error as Error).message)
  } finally {
    connection.close()
    await editor.close()
  }
  failures.push(...editor.problems)
  failures.push(...permissions.problems)
  const unused = permissions.unused()
  if (unused.length && !failures.length && options.unusedAnswers !== 'ignore')
    failures.push(
      `${unused.length} permission answer(s) never used: ${unused.join(', ')}; the agent asked fewer times than ` +
        `"permissions" in input.json expects`,
    )
  return { failures: failures.map((f) => `${options.scenario}: ${f}`) }
}

function settleExpectation<T>(
  label: string,
  expect: ErrorExpectation,
  outcome: { value: T } | { error: unknown },
): T | undefined {
  if ('value' in outcome) {
    if (expect)
      throw new Error(
        `${label}: expected error ${expect.code}, but the request succeeded with ${JSON.stringify(outcome.value)}`,
      )
    return outcome.value
  }
  const error = outcome.error as { code?: number; message?: string }
  if (!expect)
    throw new Error(
      `${label}: unexpected error ${error.code ?? ''} ${error.message ?? String(outcome.error)}; add "expectError" ` +
        `to the step if the error is intended`,
    )
  if (error.code !== expect.code)
    throw new Error(`${label}: expected error code ${expect.code}, got ${error.code}: ${error.message}`)
  if (expect.message !== undefined && error.message !== expect.message) {
    throw new Error(
      `${label}: expected error message ${JSON.stringify(expect.message)}, got ${JSON.stringify(error.message)}`,
    )
  }
  return undefined
}

function describe(step: InputStep): string {
  switch (step.op) {
    case 'prompt':
      return (
        `prompt ` +
        `${step.session}${step.text !== undefined ? ` ${JSON.stringify(step.text.slice(0, 40))}` : ''}` +
        `${step.background ? ' in background' : ''}`
      )
    case 'newSession':
      return `newSession as ${step.as}`
    case 'loadSession':
      return `loadSession ${step.session}`
    case 'cancel':
      return `cancel ${step.session}`
    case 'setMode':
      return `setMode ${step.session} ${step.mode}`
    case 'await':
      return `await ${step.from}`
    case 'waitFor':
      return `waitFor ${step.event} in ${step.session}`
    default:
      return step.op
  }
}
