// The replay plugin on its own: a bare Cordis context with the llm service, the real session
// store and llm-replay, serving a generated session turn by turn through `ctx.llm.stream`
// (the `llm/stream` waterfall, guardStream, the player with its drift check). No agent, no ACP.
import { Context } from 'cordis'
import { History, isStepStart } from '../plugins/session/history.ts'
import LlmService from '../plugins/llm/index.ts'
import type { Message } from '../plugins/llm/types.ts'
import ReplayService from '../plugins/llm-replay/index.ts'
import SessionStore from '../plugins/session/index.ts'
import type { GeneratedSession } from './session-gen.ts'

/** One live call: its identity and history, and whether its recorded answer is a failure (a retried attempt). */
interface LiveCall {
  turn: number
  step: number
  attempt: number
  purpose: string
  messages: Message[]
  fails: boolean
}

interface ServeInput {
  /** session.jsonl of the generated session. */
  file: string
  /**
   * Each call's live request, as the agent sends it: history snapshots of one History, so a message
   * is the same object in every later call (precomputed: not part of replay's cost).
   */
  calls: LiveCall[]
  /** Chunks the whole session must yield, to catch a replay that silently serves less. */
  expectedChunks: number
  sessionsRoot: string
  cwd: string
}

export function serveInput(
  session: GeneratedSession,
  paths: { file: string; sessionsRoot: string; cwd: string },
): ServeInput {
  const history = new History()
  const calls: LiveCall[] = []
  // A log with `model/request` records names every call; an older shape has one call per step/start.
  const records = session.events.some((event) => event.type === 'model/request')
  for (const event of session.events) {
    const data = event.data as { turn: number; step: number; attempt?: number; purpose?: string }
    const starts = records ? event.type === 'model/request' : isStepStart(event, { turn: calls.length + 1, step: 1 })
    if (starts) {
      const { turn, step, attempt = 1, purpose = 'turn' } = data
      calls.push({ turn, step, attempt, purpose, messages: history.snapshot(), fails: false })
    }
    if (event.type === 'model/retry') calls.at(-1)!.fails = true
    history.add(event)
  }
  const expectedChunks = session.events.filter((event) => event.type === 'assistant/chunk').length
  return { ...paths, calls, expectedChunks }
}

/** Start the plugins (replay loads and derives its fixture here), serve every turn, verify, dispose. */
export async function serveThroughReplay(input: ServeInput): Promise<void> {
  const ctx = new Context()
  try {
    await ctx.plugin(LlmService)
    await ctx.plugin(SessionStore, { root: input.sessionsRoot })
    await ctx.plugin(ReplayService, { scenario: 'bench', sessions: [{ file: input.file }], drift: true })
    const sessions = ctx.get('sessions') as SessionStore
    const llm = ctx.get('llm') as LlmService
    const replay = ctx.get('replay') as ReplayService
    if (!sessions || !llm || !replay) throw new Error('bench: the llm, sessions or replay service did not start')
    const { id } = sessions.create({ cwd: input.cwd })
    const signal = new AbortController().signal
    let served = 0
    for (const { fails, ...call } of input.calls) {
      const stream = llm.stream({ sessionId: id, ...call, model: 'deepseek-chat', system: '', tools: [], signal })
      for await (const chunk of stream) {
        served++
        if (chunk.type === 'finish' && chunk.reason !== (fails ? 'error' : 'stop'))
          throw new Error(`bench: replay finished turn ${call.turn} with ${JSON.stringify(chunk)}`)
      }
    }
    replay.verify()
    if (served !== input.expectedChunks)
      throw new Error(`bench: replay served ${served} chunks, the session holds ${input.expectedChunks}`)
  } finally {
    await ctx.fiber.dispose()
  }
}
