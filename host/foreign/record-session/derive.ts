// A live ACP session, as the proxy captured it (./acp-proxy.ts), made a scenario: input.json's
// steps from the editor's requests (initialize, session/new, session/prompt, session/cancel; a
// prompt the editor cancelled runs in the background and is awaited after the cancel), the
// permission answers it gave, and a model.yml with one text reply per prompt turn, from the
// agent's message chunks. Tool calls are not derived (their arguments never cross ACP whole):
// `skipped` names what was left out. Pure.

/** One JSON-RPC message on the wire: `in` the editor sent to the agent, `out` the agent sent. */
export interface CapturedMessage {
  dir: 'in' | 'out'
  message: Record<string, unknown>
}

export interface DerivedScenario {
  steps: Record<string, unknown>[]
  permissions: string[]
  /**
   * model.yml items: `{ reply: { text } }` per prompt turn that had message text; with the model
   * proxied (./model-capture.ts), the model's own answers instead.
   */
  model: Array<Record<string, unknown>>
  /** What the capture held that the scenario does not replay, in words. */
  skipped: string[]
}

type Params = Record<string, unknown>

interface Prompt {
  step: Record<string, unknown>
  sessionId: string
  text: string
  cancelled: boolean
}

export function deriveScenario(captured: readonly CapturedMessage[]): DerivedScenario {
  const out: DerivedScenario = { steps: [], permissions: [], model: [], skipped: [] }
  const requests = new Map<unknown, { method: string; params: Params; step?: Record<string, unknown> }>()
  const agentRequests = new Map<unknown, Params>()
  const sessions = new Map<string, string>()
  const open = new Map<unknown, Prompt>()
  const alias = (sessionId: unknown) => sessions.get(String(sessionId)) ?? String(sessionId)
  for (const { dir, message } of captured) {
    const method = typeof message.method === 'string' ? message.method : undefined
    const params = (message.params ?? {}) as Params
    if (dir === 'in' && method) clientMessage(out, { message, method, params, requests, open, alias })
    else if (dir === 'out' && method === 'session/request_permission') agentRequests.set(message.id, params)
    else if (dir === 'out' && method === 'session/update') chunk(open, params)
    else if (dir === 'in' && !method) permissionAnswer(out, agentRequests.get(message.id), message.result)
    else if (dir === 'out' && !method) response(out, requests.get(message.id), message, sessions, open)
  }
  return out
}

interface ClientContext {
  message: Record<string, unknown>
  method: string
  params: Params
  requests: Map<unknown, { method: string; params: Params; step?: Record<string, unknown> }>
  open: Map<unknown, Prompt>
  alias(sessionId: unknown): string
}

function clientMessage(out: DerivedScenario, { message, method, params, requests, open, alias }: ClientContext) {
  let step: Record<string, unknown> | undefined
  if (method === 'initialize') step = { op: 'initialize' }
  else if (method === 'session/new')
    step = { op: 'newSession', as: `s${out.steps.filter((s) => s.op === 'newSession').length + 1}` }
  else if (method === 'session/prompt') {
    const prompt = Array.isArray(params.prompt) ? (params.prompt as Params[]) : []
    const only = prompt.length === 1 && prompt[0]?.type === 'text' ? String(prompt[0].text) : undefined
    step = {
      op: 'prompt',
      session: alias(params.sessionId),
      ...(only !== undefined ? { text: only } : { content: prompt }),
    }
    open.set(message.id, { step, sessionId: String(params.sessionId), text: '', cancelled: false })
  } else if (method === 'session/cancel') {
    const prompt = [...open.values()].find((p) => p.sessionId === String(params.sessionId))
    out.steps.push({ op: 'cancel', session: alias(params.sessionId) })
    if (prompt) {
      prompt.cancelled = true
      Object.assign(prompt.step, { as: `p${out.steps.length}`, background: true })
      out.steps.push({ op: 'await', prompt: prompt.step.as })
    }
    return
  } else out.skipped.push(`${method} (no step derived; add it to input.json by hand)`)
  if (step) out.steps.push(step)
  if ('id' in message) requests.set(message.id, { method, params, step })
}

function chunk(open: Map<unknown, Prompt>, params: Params) {
  const update = (params.update ?? {}) as Params
  if (update.sessionUpdate !== 'agent_message_chunk') return
  const content = (update.content ?? {}) as Params
  const prompt = [...open.values()].find((p) => p.sessionId === String(params.sessionId))
  if (prompt && content.type === 'text') prompt.text += String(content.text ?? '')
}

function permissionAnswer(out: DerivedScenario, request: Params | undefined, result: unknown) {
  if (!request) return
  const outcome = ((result ?? {}) as { outcome?: { outcome?: string; optionId?: string } }).outcome
  const options = (Array.isArray(request.options) ? request.options : []) as Array<{ optionId?: string; kind?: string }>
  const kind = options.find((option) => option.optionId === outcome?.optionId)?.kind
  out.permissions.push(outcome?.outcome === 'selected' && kind ? kind : 'hold')
}

function response(
  out: DerivedScenario,
  request: { method: string; step?: Record<string, unknown> } | undefined,
  message: Record<string, unknown>,
  sessions: Map<string, string>,
  open: Map<unknown, Prompt>,
) {
  if (!request) return
  if (message.error && request.step) request.step.expectError = { code: (message.error as { code: number }).code }
  const result = (message.result ?? {}) as Params
  if (request.method === 'session/new' && typeof result.sessionId === 'string' && request.step)
    sessions.set(result.sessionId, String(request.step.as))
  const prompt = open.get(message.id)
  if (!prompt) return
  open.delete(message.id)
  // A cancelled turn's answer stays open until the replayed cancel arrives.
  if (prompt.text) out.model.push({ reply: { text: prompt.text, ...(prompt.cancelled ? { end: 'hang' } : {}) } })
}
