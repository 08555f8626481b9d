// `/compact` (docs/compaction.md): summarise the whole conversation now, between turns. Its model
// call is cancellable like a turn (session/cancel aborts it), and its identity is the last turn's,
// step 0, purpose `compaction`.
import type { LlmService } from '../llm/index.ts'
import type { EventData, EventType } from '../session/events.ts'
import type { SessionStore } from '../session/index.ts'
import { summaryMessage } from '../session/history.ts'
import { compact } from './compaction.ts'
import type { AgentConfig } from './config.ts'
import type { SessionRuntime } from './session-runtime.ts'

interface CompactDeps {
  llm: Pick<LlmService, 'stream'>
  store: Pick<SessionStore, 'append'>
  config: AgentConfig
}

export async function compactCommand(runtime: SessionRuntime, deps: CompactDeps): Promise<string> {
  const sessionId = runtime.header.id
  const messages = runtime.history.messages
  if (!messages.length)
    throw new Error(`nothing to compact: session ${sessionId} has no conversation yet; prompt first`)
  if (messages.length === 1 && messages[0]?.content.startsWith(summaryMessage('')))
    throw new Error('nothing new to compact: the conversation is already one summary; prompt first')
  const count = messages.length
  const controller = new AbortController()
  runtime.running = controller
  try {
    const result = await compact(
      {
        sessionId,
        runtime,
        llm: deps.llm,
        config: deps.config,
        signal: controller.signal,
        append: <K extends EventType>(type: K, data: EventData[K]) => {
          const event = deps.store.append(sessionId, type, data)
          if (type !== 'assistant/chunk') runtime.history.add(event)
          return event
        },
      },
      { turn: runtime.turn, step: 0, trigger: 'command', keep: 0 },
    )
    if (!result.ok) throw new Error(result.error)
    return `Compacted ${count === 1 ? 'the one message' : `${count} messages`} into a summary.`
  } finally {
    runtime.running = undefined
  }
}
