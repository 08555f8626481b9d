// A scenario's transcript (the normalized agent→client lines) read as a conversation, with the
// client's side taken from its script: the prompts the driver sent (responses are numbered by the
// client's send order) and the permission answers it queued. Pure; html-conversation.ts renders it.
// ACP content is kept generic (blocks, tool call content, locations), so new content types render.
import type { InputStep, ScenarioInput } from '../scenario/input.ts'

export interface ToolCallView {
  id: string
  title: string
  kind?: string
  status?: string
  /** Every status the call went through, in order. */
  statuses: string[]
  rawInput?: unknown
  rawOutput?: unknown
  /** ACP ToolCallContent: `{type: 'content'|'diff'|'terminal', …}`. */
  content: unknown[]
  locations: unknown[]
  /** The permission asked for this call, and what the client answered. */
  permission?: PermissionView
}

export interface PermissionView {
  options: PermissionOption[]
  /** The chosen option's name, or `cancelled`. */
  answer: string
  note?: string
}

export type ConversationItem =
  | { kind: 'user'; session?: string; blocks: unknown[]; replayed?: boolean }
  | { kind: 'message' | 'thought'; session: string; blocks: unknown[] }
  | { kind: 'tool'; session: string; call: ToolCallView }
  | ({ kind: 'permission'; session: string; title: string } & PermissionView)
  | { kind: 'marker'; text: string }
  | { kind: 'end'; session?: string; stopReason: string }
  | { kind: 'error'; method: string; code: unknown; message: string; data?: unknown }
  | { kind: 'other'; label: string; value: unknown }

export interface PermissionOption {
  optionId?: string
  name?: string
  kind?: string
}

type Json = Record<string, unknown>
const REQUEST_OPS = new Set(['initialize', 'newSession', 'loadSession', 'prompt'])
const METHOD: Record<string, string> = {
  initialize: 'initialize',
  newSession: 'session/new',
  loadSession: 'session/load',
  prompt: 'session/prompt',
}

interface ClientRequest {
  step: InputStep
  /** Position in the script: everything before it has been done when it is sent. */
  position: number
  rendered: boolean
  answered: boolean
}

export function buildConversation(lines: readonly string[], input?: ScenarioInput): ConversationItem[] {
  const items: ConversationItem[] = []
  const steps = input?.steps ?? []
  const requests: ClientRequest[] = steps
    .map((step, position) => ({ step, position, rendered: false, answered: false }))
    .filter(({ step }) => REQUEST_OPS.has(step.op))
  const answers = [...(input?.permissions ?? [])]
  const sessions = new Map<string, string>() // script alias → session token
  const tools = new Map<string, ToolCallView>()
  /** A step's session: the token its name stands for, or the literal id it sends. */
  const sessionOf = (step: { session?: string; sessionId?: string }) =>
    step.session !== undefined ? (sessions.get(step.session) ?? step.session) : step.sessionId

  /** Sent: the driver got past every earlier step that waits (a blocking request, an await). */
  const sent = (request: ClientRequest) =>
    steps.slice(0, request.position).every((step, position) => {
      const waitsFor =
        step.op === 'await'
          ? requests.find((r) => r.step.op === 'prompt' && r.step.as === step.prompt)
          : requests.find((r) => r.position === position && !(r.step.op === 'prompt' && r.step.background))
      return !waitsFor || waitsFor.answered
    })
  const render = (request: ClientRequest) => {
    if (request.rendered) return
    request.rendered = true
    const step = request.step
    if (step.op === 'prompt') {
      const blocks = step.content ?? [{ type: 'text', text: step.text ?? '' }]
      items.push({ kind: 'user', session: sessionOf(step), blocks })
    } else items.push({ kind: 'marker', text: `client: ${METHOD[step.op]}` })
  }
  /** Before a session's update: the prompt (or the load) the client has sent to it and not seen answered. */
  const flush = (session: string) => {
    const open = requests.find((r) => r.step.op === 'prompt' && !r.answered && sessionOf(r.step) === session)
    if (open && sent(open)) render(open)
    for (const request of requests) {
      if (request.rendered || request.answered || !sent(request)) continue
      const { step } = request
      if (step.op === 'loadSession' && ![...sessions.values()].includes(session)) {
        if (step.session !== undefined) sessions.set(step.session, session)
        if (step.as) sessions.set(step.as, session)
        render(request)
      }
    }
  }

  for (const line of lines) {
    let message: Json
    try {
      message = JSON.parse(line) as Json
    } catch {
      items.push({ kind: 'other', label: 'not JSON', value: line })
      continue
    }
    const method = typeof message.method === 'string' ? message.method : undefined
    if (!method && message.id !== undefined) {
      respond(message)
      continue
    }
    const params = (message.params ?? {}) as Json
    if (method === 'session/update') update(params)
    else if (method === 'session/request_permission') permission(params)
    else if (method === '$/cancel_request')
      items.push({ kind: 'marker', text: `agent withdrew its request ${JSON.stringify(params.requestId)}` })
    else items.push({ kind: 'other', label: `agent → client: ${method}`, value: params })
  }
  return items

  function respond(message: Json) {
    const request = typeof message.id === 'number' ? requests[message.id - 1] : undefined
    if (!request) {
      items.push({ kind: 'other', label: `response ${JSON.stringify(message.id)}`, value: message })
      return
    }
    render(request)
    request.answered = true
    const { step } = request
    const error = message.error as Json | undefined
    if (error) {
      items.push({
        kind: 'error',
        method: METHOD[step.op]!,
        code: error.code,
        message: String(error.message),
        data: error.data,
      })
      return
    }
    const result = (message.result ?? {}) as Json
    if (step.op === 'newSession' && typeof result.sessionId === 'string') {
      sessions.set(step.as, result.sessionId)
      items.push({ kind: 'marker', text: `session ${result.sessionId} (${step.as})` })
    } else if (step.op === 'initialize') {
      const agent = result.agentInfo as Json | undefined
      items.push({ kind: 'marker', text: `agent: ${agent?.name ?? '?'} ${agent?.version ?? ''}`.trim() })
    } else if (step.op === 'prompt') {
      items.push({
        kind: 'end',
        session: sessions.get(step.session ?? step.sessionId ?? ''),
        stopReason: String(result.stopReason),
      })
    }
  }

  function update(params: Json) {
    const session = String(params.sessionId)
    flush(session)
    const update = (params.update ?? {}) as Json
    const type = String(update.sessionUpdate)
    const last = items.at(-1)
    if (type === 'agent_message_chunk' || type === 'agent_thought_chunk' || type === 'user_message_chunk') {
      const kind = type === 'agent_message_chunk' ? 'message' : type === 'agent_thought_chunk' ? 'thought' : 'user'
      if (last && last.kind === kind && 'session' in last && last.session === session) last.blocks.push(update.content)
      else if (kind === 'user') items.push({ kind, session, blocks: [update.content], replayed: true })
      else items.push({ kind, session, blocks: [update.content] })
    } else if (type === 'tool_call' || type === 'tool_call_update') {
      const id = String(update.toolCallId)
      let call = tools.get(id)
      if (!call) {
        call = { id, title: id, statuses: [], content: [], locations: [] }
        tools.set(id, call)
        items.push({ kind: 'tool', session, call })
      }
      applyToolUpdate(call, update)
    } else items.push({ kind: 'other', label: type, value: update })
  }

  function permission(params: Json) {
    const session = String(params.sessionId)
    flush(session)
    const toolCall = (params.toolCall ?? {}) as Json
    const options = (Array.isArray(params.options) ? params.options : []) as PermissionOption[]
    // The driver answers requests in arrival order from the script's queue (DESIGN §7).
    const queued = answers.shift()
    const chosen = options.find((option) => option.kind === queued)
    const view: PermissionView = {
      options,
      answer: queued === undefined || queued === 'hold' ? 'cancelled' : (chosen?.name ?? queued),
      note:
        queued === 'hold'
          ? 'held open until the agent withdrew the request'
          : queued === undefined
            ? 'no answer queued'
            : undefined,
    }
    const call = tools.get(String(toolCall.toolCallId))
    if (call) call.permission = view
    else items.push({ kind: 'permission', session, title: String(toolCall.title ?? toolCall.toolCallId), ...view })
  }
}

function applyToolUpdate(call: ToolCallView, update: Json): void {
  if (typeof update.title === 'string') call.title = update.title
  if (typeof update.kind === 'string') call.kind = update.kind
  if (typeof update.status === 'string') {
    call.status = update.status
    call.statuses.push(update.status)
  }
  if (update.rawInput !== undefined) call.rawInput = update.rawInput
  if (update.rawOutput !== undefined) call.rawOutput = update.rawOutput
  if (Array.isArray(update.content)) call.content = update.content
  if (Array.isArray(update.locations)) call.locations = update.locations
}
