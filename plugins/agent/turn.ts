// One prompt turn: steps of model call → assistant message → tools, until the model stops.
import { randomUUID } from 'node:crypto'
import type { ContentBlock } from '@agentclientprotocol/sdk'
import type { LlmService } from '../llm/index.ts'
import type { StreamError, ToolCall } from '../llm/types.ts'
import type { EventData, EventType, PermissionOutcomeRecord, SessionEvent, TurnEndReason } from '../session/events.ts'
import type { ClientAccess, Tool, ToolContext, ToolDisplay } from '../tools/types.ts'
import { applyChunk, emptyDraft, toolCallsOf } from './assistant-message.ts'
import type { AgentConfig } from './config.ts'
import { decide, PERMISSION_OPTIONS } from './permission.ts'
import { sameHeader, type RequestHeader, type SessionRuntime } from './session-runtime.ts'

export interface PermissionRequest {
  sessionId: string
  callId: string
  tool: Tool
  args: Record<string, unknown>
  options: typeof PERMISSION_OPTIONS
  signal: AbortSignal
}

/** What the caller of a prompt (the ACP bridge, a test) provides: the way to ask the user. */
export interface PromptClient {
  requestPermission(request: PermissionRequest): Promise<PermissionOutcomeRecord>
  /** The editor's files and terminals the tools may use (only what it advertised). */
  access?: ClientAccess
}

export interface TurnOutcome {
  reason: TurnEndReason
  error?: StreamError
}

export interface TurnDeps {
  llm: Pick<LlmService, 'stream'>
  append<K extends EventType>(type: K, data: EventData[K]): SessionEvent<K>
  /** The tools offered now (the session's mode may narrow them between steps). */
  tools(): Tool[]
  /** Why a call to a tool that is not offered is refused, when it exists but the mode hides it. */
  refusal?(name: string): string | undefined
  /** Whether the session's mode runs this call without asking. */
  modeApproves?(tool: Tool): boolean
  config: AgentConfig
  /** Folders the file tools keep out of (the sessions root: the model never reads its own logs). */
  hidden?: readonly string[]
}

export async function runTurn(
  deps: TurnDeps,
  runtime: SessionRuntime,
  content: ContentBlock[],
  client: PromptClient,
  signal: AbortSignal,
): Promise<TurnOutcome> {
  const turn = ++runtime.turn
  const append = <K extends EventType>(type: K, data: EventData[K]) => {
    const event = deps.append(type, data)
    // The history needs messages, not the chunks they were streamed in (the log keeps those).
    if (type !== 'assistant/chunk') runtime.history.add(event)
    return event
  }
  append('user/message', { turn, messageId: randomUUID(), content })
  append('turn/start', { turn })
  let outcome: TurnOutcome
  try {
    outcome = await runSteps(deps, runtime, turn, append, client, signal)
  } catch (error) {
    // A defect below (a tool or listener that throws) still ends the turn in the log.
    outcome = {
      reason: 'error',
      error: { message: `the agent failed: ${(error as Error)?.message ?? String(error)}`, code: 'INTERNAL' },
    }
  }
  append(
    'turn/end',
    outcome.error ? { turn, reason: outcome.reason, error: outcome.error } : { turn, reason: outcome.reason },
  )
  return outcome
}

type Append = <K extends EventType>(type: K, data: EventData[K]) => SessionEvent<K>

async function runSteps(
  deps: TurnDeps,
  runtime: SessionRuntime,
  turn: number,
  append: Append,
  client: PromptClient,
  signal: AbortSignal,
): Promise<TurnOutcome> {
  for (let step = 1; ; step++) {
    if (signal.aborted) return { reason: 'cancelled' }
    if (step > deps.config.maxStepsPerTurn) return { reason: 'max_turn_requests' }
    append('step/start', { turn, step })
    const tools = deps.tools()
    const header: RequestHeader = {
      model: deps.config.model,
      system: deps.config.systemPrompt,
      tools: tools.map(({ name, description, parameters }) => ({ name, description, parameters })),
    }
    if (!sameHeader(runtime.lastHeader, header)) {
      append('request/header', { turn, step, ...header, reason: runtime.lastHeader ? 'change' : 'initial' })
      runtime.lastHeader = header
    }
    const draft = emptyDraft()
    const stream = deps.llm.stream({
      sessionId: runtime.header.id,
      turn,
      step,
      model: header.model,
      system: header.system,
      messages: runtime.history.snapshot(),
      tools: header.tools,
      signal,
      ...(deps.config.maxTokens ? { maxTokens: deps.config.maxTokens } : {}),
    })
    for await (const chunk of stream) {
      append('assistant/chunk', { turn, step, chunk })
      applyChunk(draft, chunk)
    }
    const finish = draft.finish ?? {
      reason: 'error' as const,
      error: { message: 'model stream ended without a finish', code: 'INCOMPLETE_STREAM' },
    }
    const calls = finish.reason === 'tool-calls' ? toolCallsOf(draft, turn, step) : []
    append('assistant/message', {
      turn,
      step,
      messageId: randomUUID(),
      text: draft.text,
      ...(draft.reasoning ? { reasoning: draft.reasoning } : {}),
      toolCalls: calls,
      ...(draft.usage ? { usage: draft.usage } : {}),
    })
    const end = endOfStream(finish)
    if (end) {
      append('step/end', { turn, step })
      return end
    }
    const cancelled = await runToolCalls(deps, runtime, turn, step, calls, append, client, signal)
    append('step/end', { turn, step })
    if (cancelled) return { reason: 'cancelled' }
  }
}

function endOfStream(finish: { reason: string; error?: StreamError }): TurnOutcome | undefined {
  switch (finish.reason) {
    case 'stop':
      return { reason: 'end_turn' }
    case 'max-tokens':
      return { reason: 'max_tokens' }
    case 'aborted':
      return { reason: 'cancelled' }
    case 'error':
      return { reason: 'error', error: finish.error ?? { message: 'model failed', code: 'UNKNOWN' } }
    default:
      return undefined
  }
}

/** Runs the step's calls in order; returns true when the turn was cancelled. Every call gets a result. */
async function runToolCalls(
  deps: TurnDeps,
  runtime: SessionRuntime,
  turn: number,
  step: number,
  calls: ToolCall[],
  append: Append,
  client: PromptClient,
  signal: AbortSignal,
): Promise<boolean> {
  for (const call of calls)
    append('tool/call', { turn, step, callId: call.id, name: call.name, arguments: call.arguments })
  let cancelled = false
  for (const call of calls) {
    const result = (text: string, isError: boolean) =>
      append('tool/result', { turn, step, callId: call.id, output: text, isError })
    if (cancelled || signal.aborted) {
      cancelled = true
      result('Cancelled: the user cancelled the turn before this call ran.', true)
      continue
    }
    const tool = deps.tools().find((t) => t.name === call.name)
    const refusal = tool ? undefined : deps.refusal?.(call.name)
    if (refusal) {
      result(refusal, true)
      continue
    }
    if (!tool) {
      result(
        `Unknown tool "${call.name}". Available tools: ${
          deps
            .tools()
            .map((t) => t.name)
            .join(', ') || 'none'
        }.`,
        true,
      )
      continue
    }
    const args = parseArguments(call.arguments)
    if (typeof args === 'string') {
      result(args, true)
      continue
    }
    const verdict = await approve(deps, runtime, call, tool, args, append, client, signal)
    if (verdict === 'cancel') {
      cancelled = true
      result('Cancelled: the user cancelled the turn while this call waited for approval.', true)
      continue
    }
    if (verdict === 'reject') {
      result('Rejected: the user did not allow this call.', true)
      continue
    }
    append('tool/start', { turn, step, callId: call.id })
    const update = (display: ToolDisplay) => append('tool/update', { turn, step, callId: call.id, display })
    const outcome = await runTool(tool, args, {
      cwd: runtime.header.cwd,
      signal,
      client: client.access,
      update,
      hidden: deps.hidden,
    })
    const display = outcome.display ? { display: outcome.display } : {}
    append('tool/result', { turn, step, callId: call.id, output: outcome.output, isError: outcome.isError, ...display })
    if (signal.aborted) cancelled = true
  }
  return cancelled
}

async function approve(
  deps: TurnDeps,
  runtime: SessionRuntime,
  call: ToolCall,
  tool: Tool,
  args: Record<string, unknown>,
  append: Append,
  client: PromptClient,
  signal: AbortSignal,
) {
  if (!tool.needsApproval) return 'run' as const
  const standing = runtime.standing.get(tool.name)
  if (standing) return standing === 'allow_always' ? ('run' as const) : ('reject' as const)
  if (deps.modeApproves?.(tool)) return 'run' as const
  const approvalId = randomUUID()
  append('permission/request', { callId: call.id, approvalId, options: PERMISSION_OPTIONS })
  const outcome = await askOrCancel(
    client,
    { sessionId: runtime.header.id, callId: call.id, tool, args, options: PERMISSION_OPTIONS, signal },
    signal,
  )
  append('permission/outcome', { approvalId, outcome })
  if (outcome.outcome === 'selected' && (outcome.kind === 'allow_always' || outcome.kind === 'reject_always')) {
    runtime.standing.set(tool.name, outcome.kind)
  }
  return decide(outcome)
}

/** A cancel while the user is being asked ends the wait at once, whatever the client does later. */
function askOrCancel(
  client: PromptClient,
  request: PermissionRequest,
  signal: AbortSignal,
): Promise<PermissionOutcomeRecord> {
  const cancelled: PermissionOutcomeRecord = { outcome: 'cancelled' }
  if (signal.aborted) return Promise.resolve(cancelled)
  return new Promise((resolve) => {
    const onAbort = () => resolve(cancelled)
    signal.addEventListener('abort', onAbort, { once: true })
    client.requestPermission(request).then(
      (outcome) => {
        signal.removeEventListener('abort', onAbort)
        resolve(signal.aborted ? cancelled : outcome)
      },
      () => {
        signal.removeEventListener('abort', onAbort)
        resolve(cancelled)
      },
    )
  })
}

/** Tools promise never to throw; one that does still gives the model an error result. */
async function runTool(tool: Tool, args: Record<string, unknown>, context: ToolContext) {
  try {
    return await tool.run(args, context)
  } catch (error) {
    return {
      output: `Tool ${tool.name} failed unexpectedly: ${(error as Error)?.message ?? String(error)}`,
      isError: true,
    }
  }
}

function parseArguments(text: string): Record<string, unknown> | string {
  try {
    const value = JSON.parse(text || '{}')
    if (value && typeof value === 'object' && !Array.isArray(value)) return value
    return `Invalid arguments: expected a JSON object, got ${JSON.stringify(text)}.`
  } catch {
    return `Invalid arguments: not valid JSON: ${JSON.stringify(text)}.`
  }
}
