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

interface ServeInput {
  /** session.jsonl of the generated session. */
  file: string
  /**
   * Each turn's live history, as the agent sends it: snapshots of one History, so a message
   * is the same object in every later turn (precomputed: not part of replay's cost).
   */
  histories: Message[][]
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
  const histories: Message[][] = []
  for (const event of session.events) {
    if (isStepStart(event, { turn: histories.length + 1, step: 1 })) histories.push(history.snapshot())
    history.add(event)
  }
  const expectedChunks = session.events.filter((event) => event.type === 'assistant/chunk').length
  return { ...paths, histories, expectedChunks }
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
    for (const [index, messages] of input.histories.entries()) {
      const stream = llm.stream({
        sessionId: id,
        turn: index + 1,
        step: 1,
        model: 'deepseek-chat',
        system: '',
        messages,
        tools: [],
        signal,
      })
      for await (const chunk of stream) {
        served++
        if (chunk.type === 'finish' && chunk.reason !== 'stop')
          throw new Error(`bench: replay finished turn ${index + 1} with ${JSON.stringify(chunk)}`)
      }
    }
    replay.verify()
    if (served !== input.expectedChunks)
      throw new Error(`bench: replay served ${served} chunks, the session holds ${input.expectedChunks}`)
  } finally {
    await ctx.fiber.dispose()
  }
}
