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

interface PermissionOption {
  optionId?: string
  name?: string
  kind?: string
}

type Json = Record<string, unknown>
/** The steps that send a request, and its method. */
const METHOD: ReadonlyMap<string, string> = new Map([
  ['initialize', 'initialize'],
  ['newSession', 'session/new'],
  ['loadSession', 'session/load'],
  ['prompt', 'session/prompt'],
])

interface ClientRequest {
  step: InputStep
  method: string
  /** Position in the script: everything before it has been done when it is sent. */
  position: number
  rendered: boolean
  answered: boolean
}

export function buildConversation(lines: readonly string[], input?: ScenarioInput): ConversationItem[] {
  const conversation = new Conversation(input)
  for (const line of lines) conversation.read(line)
  return conversation.items
}

/** The conversation so far; `read` takes the transcript's lines in order, one method per kind of message. */
class Conversation {
  readonly items: ConversationItem[] = []
  private readonly steps: readonly InputStep[]
  private readonly requests: ClientRequest[]
  private readonly answers: string[]
  private readonly sessions = new Map<string, string>() // script alias → session token
  private readonly tools = new Map<string, ToolCallView>()

  constructor(input?: ScenarioInput) {
    this.steps = input?.steps ?? []
    this.requests = this.steps.flatMap((step, position) => {
      const method = METHOD.get(step.op)
      return method === undefined ? [] : [{ step, method, position, rendered: false, answered: false }]
    })
    this.answers = [...(input?.permissions ?? [])]
  }

  read(line: string): void {
    let message: Json
    try {
      message = JSON.parse(line) as Json
    } catch {
      this.items.push({ kind: 'other', label: 'not JSON', value: line })
      return
    }
    const method = typeof message.method === 'string' ? message.method : undefined
    if (!method && message.id !== undefined) {
      this.respond(message)
      return
    }
    const params = (message.params ?? {}) as Json
    if (method === 'session/update') this.update(params)
    else if (method === 'session/request_permission') this.permission(params)
    else if (method === '$/cancel_request')
      this.items.push({ kind: 'marker', text: `agent withdrew its request ${JSON.stringify(params.requestId)}` })
    else this.items.push({ kind: 'other', label: `agent → client: ${method}`, value: params })
  }

  private respond(message: Json): void {
    const request = typeof message.id === 'number' ? this.requests[message.id - 1] : undefined
    if (!request) {
      this.items.push({ kind: 'other', label: `response ${JSON.stringify(message.id)}`, value: message })
      return
    }
    this.render(request)
    request.answered = true
    const { step, method } = request
    const error = message.error as Json | undefined
    if (error) {
      const { code, data } = error
      this.items.push({ kind: 'error', method, code, message: String(error.message), data })
      return
    }
    const result = (message.result ?? {}) as Json
    if (step.op === 'newSession' && typeof result.sessionId === 'string') {
      this.sessions.set(step.as, result.sessionId)
      this.items.push({ kind: 'marker', text: `session ${result.sessionId} (${step.as})` })
    } else if (step.op === 'initialize') {
      const agent = result.agentInfo as Json | undefined
      this.items.push({ kind: 'marker', text: `agent: ${agent?.name ?? '?'} ${agent?.version ?? ''}`.trim() })
    } else if (step.op === 'prompt') {
      const session = this.sessions.get(step.session ?? step.sessionId ?? '')
      this.items.push({ kind: 'end', session, stopReason: String(result.stopReason) })
    }
  }

  private update(params: Json): void {
    const session = String(params.sessionId)
    this.flush(session)
    const update = (params.update ?? {}) as Json
    const type = String(update.sessionUpdate)
    if (type === 'agent_message_chunk' || type === 'agent_thought_chunk' || type === 'user_message_chunk') {
      const kind = type === 'agent_message_chunk' ? 'message' : type === 'agent_thought_chunk' ? 'thought' : 'user'
      const last = this.items.at(-1)
      if (last && last.kind === kind && 'session' in last && last.session === session) last.blocks.push(update.content)
      else if (kind === 'user') this.items.push({ kind, session, blocks: [update.content], replayed: true })
      else this.items.push({ kind, session, blocks: [update.content] })
    } else if (type === 'tool_call' || type === 'tool_call_update') {
      const id = String(update.toolCallId)
      let call = this.tools.get(id)
      if (!call) {
        call = { id, title: id, statuses: [], content: [], locations: [] }
        this.tools.set(id, call)
        this.items.push({ kind: 'tool', session, call })
      }
      applyToolUpdate(call, update)
    } else this.items.push({ kind: 'other', label: type, value: update })
  }

  private permission(params: Json): void {
    const session = String(params.sessionId)
    this.flush(session)
    const toolCall = (params.toolCall ?? {}) as Json
    const options = (Array.isArray(params.options) ? params.options : []) as PermissionOption[]
    // The driver answers requests in arrival order from the script's queue.
    const view = permissionView(options, this.answers.shift())
    const call = this.tools.get(String(toolCall.toolCallId))
    if (call) call.permission = view
    else this.items.push({ kind: 'permission', session, title: String(toolCall.title ?? toolCall.toolCallId), ...view })
  }

  /** A step's session: the token its name stands for, or the literal id it sends. */
  private sessionOf(step: { session?: string; sessionId?: string }): string | undefined {
    return step.session !== undefined ? (this.sessions.get(step.session) ?? step.session) : step.sessionId
  }

  /** Sent: the driver got past every earlier step that waits (a blocking request, an await). */
  private sent(request: ClientRequest): boolean {
    return this.steps.slice(0, request.position).every((step, position) => {
      const waitsFor =
        step.op === 'await'
          ? this.requests.find((r) => r.step.op === 'prompt' && r.step.as === step.prompt)
          : this.requests.find((r) => r.position === position && !(r.step.op === 'prompt' && r.step.background))
      return !waitsFor || waitsFor.answered
    })
  }

  private render(request: ClientRequest): void {
    if (request.rendered) return
    request.rendered = true
    const step = request.step
    if (step.op === 'prompt') {
      const blocks = step.content ?? [{ type: 'text', text: step.text ?? '' }]
      this.items.push({ kind: 'user', session: this.sessionOf(step), blocks })
    } else this.items.push({ kind: 'marker', text: `client: ${request.method}` })
  }

  /** Before a session's update: the prompt (or the load) the client has sent to it and not seen answered. */
  private flush(session: string): void {
    const open = this.requests.find((r) => r.step.op === 'prompt' && !r.answered && this.sessionOf(r.step) === session)
    if (open && this.sent(open)) this.render(open)
    for (const request of this.requests) {
      if (request.rendered || request.answered || !this.sent(request)) continue
      const { step } = request
      if (step.op === 'loadSession' && ![...this.sessions.values()].includes(session)) {
        if (step.session !== undefined) this.sessions.set(step.session, session)
        if (step.as) this.sessions.set(step.as, session)
        this.render(request)
      }
    }
  }
}

/** What the client answered a permission request with: the option it chose, or why it cancelled. */
function permissionView(options: PermissionOption[], queued: string | undefined): PermissionView {
  const chosen = options.find((option) => option.kind === queued)
  const answer = queued === undefined || queued === 'hold' ? 'cancelled' : (chosen?.name ?? queued)
  const note =
    queued === 'hold'
      ? 'held open until the agent withdrew the request'
      : queued === undefined
        ? 'no answer queued'
        : undefined
  return { options, answer, note }
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
