// A plugin's own model call (issue 37 item 5, docs/replay.md "Call identity"): `ctx.agent.ask(sessionId,
// { purpose, prompt })` asks the session's model something that is no turn step (a title, a check). The
// call is logged under its declared purpose, with its own messages and system prompt (they are not the
// session's history), so replay binds and compares it like any other; it never enters the history.
import type { LlmService } from '../llm/index.ts'
import { LlmError, type Message } from '../llm/types.ts'
import type { SessionStore } from '../session/index.ts'
import { applyChunk, emptyDraft } from './assistant-message.ts'
import type { SessionRuntime } from './session-runtime.ts'

export interface OwnCallRequest {
  /** A lower-case word naming what the call is for (`title`, `safety-check`); not `turn` or `compaction`. */
  purpose: string
  /** The question, as one user message (or `messages` for a conversation of the plugin's own). */
  prompt?: string
  messages?: Message[]
  system?: string
  maxTokens?: number
}

const PURPOSE = /^[a-z][a-z0-9_-]*$/
const RESERVED = new Set(['turn', 'compaction'])

interface OwnCallDeps {
  llm: Pick<LlmService, 'stream'>
  store: Pick<SessionStore, 'append'>
}

/** Ask the model; resolves with the answer's text, rejects with the model's error (code and message). */
export async function ownCall(runtime: SessionRuntime, deps: OwnCallDeps, request: OwnCallRequest): Promise<string> {
  const { purpose } = request
  if (!PURPOSE.test(purpose) || RESERVED.has(purpose))
    throw new Error(
      `a plugin's model call needs a purpose of its own: a lower-case word that is not "turn" or "compaction", ` +
        `got ${JSON.stringify(purpose)}`,
    )
  const messages = request.messages ?? [{ role: 'user', content: request.prompt ?? '' }]
  const system = request.system ?? ''
  const sessionId = runtime.header.id
  // Between the steps of the last turn (step 0); calls of one purpose there are numbered by attempt.
  const turn = runtime.turn
  const key = `${turn}:${purpose}`
  const attempt = (runtime.ownCalls.get(key) ?? 0) + 1
  runtime.ownCalls.set(key, attempt)
  const call = { turn, step: 0, attempt, purpose }
  const maxTokens = request.maxTokens ?? null
  deps.store.append(sessionId, 'model/request', { ...call, maxTokens, system, messages })
  const draft = emptyDraft()
  const signal = runtime.running?.signal ?? new AbortController().signal
  const stream = deps.llm.stream({
    sessionId,
    ...call,
    model: runtime.model,
    system,
    messages,
    tools: [],
    signal,
    ...(request.maxTokens ? { maxTokens: request.maxTokens } : {}),
  })
  for await (const chunk of stream) {
    deps.store.append(sessionId, 'assistant/chunk', {
      turn,
      step: 0,
      ...(attempt > 1 ? { attempt } : {}),
      purpose,
      chunk,
    })
    applyChunk(draft, chunk)
  }
  const finish = draft.finish
  if (finish?.reason === 'stop' || finish?.reason === 'max-tokens') return draft.text
  const error = finish?.error
  throw new LlmError(
    `the ${purpose} call of session ${sessionId} failed: ${error?.message ?? finish?.reason ?? 'no finish'}`,
    error?.code ?? 'UNKNOWN',
    error?.status,
  )
}
