// A turn's ACP updates as terminal output (pure): the answer text as it streams, on stdout, and
// one line per tool call (its title and how it ended), on stderr. Both streams usually share one
// screen, so a tool line first ends an unfinished text line.
import type { SessionUpdate, ToolCallStatus } from '@agentclientprotocol/sdk'

export interface TerminalWrite {
  stream: 'stdout' | 'stderr'
  text: string
}

interface CallState {
  title: string
  status: ToolCallStatus
  shown: boolean
}

const FINAL: ReadonlySet<ToolCallStatus> = new Set(['completed', 'failed'])

export class TurnRenderer {
  private readonly calls = new Map<string, CallState>()
  /** Whether the screen's cursor is at the start of a line (nothing written counts as yes). */
  private atLineStart = true

  /** What to write for one `session/update`; most kinds (plans, reasoning, usage) write nothing. */
  update(update: SessionUpdate): TerminalWrite[] {
    switch (update.sessionUpdate) {
      case 'agent_message_chunk':
        return update.content.type === 'text' ? this.text(update.content.text) : []
      case 'tool_call':
        return this.call(update.toolCallId, { title: update.title, status: update.status ?? 'pending' })
      case 'tool_call_update':
        return this.call(update.toolCallId, {
          ...(update.title ? { title: update.title } : {}),
          ...(update.status ? { status: update.status } : {}),
        })
      default:
        return []
    }
  }

  /** After the prompt's response: calls that never finished get their line, and the text its newline. */
  end(): TerminalWrite[] {
    const unfinished = [...this.calls.entries()].filter(([, call]) => !call.shown)
    return [...unfinished.flatMap(([id]) => this.show(id)), ...this.newline()]
  }

  private text(text: string): TerminalWrite[] {
    if (!text) return []
    this.atLineStart = text.endsWith('\n')
    return [{ stream: 'stdout', text }]
  }

  private call(id: string, change: Partial<Pick<CallState, 'title' | 'status'>>): TerminalWrite[] {
    const known = this.calls.get(id) ?? { title: id, status: 'pending', shown: false }
    const next = { ...known, ...change }
    this.calls.set(id, next)
    return FINAL.has(next.status) && !next.shown ? this.show(id) : []
  }

  private show(id: string): TerminalWrite[] {
    const call = this.calls.get(id)!
    call.shown = true
    return [...this.newline(), { stream: 'stderr', text: `${toolLine(call.title, call.status)}\n` }]
  }

  private newline(): TerminalWrite[] {
    if (this.atLineStart) return []
    this.atLineStart = true
    return [{ stream: 'stdout', text: '\n' }]
  }
}

/** `  tool: Run `ls` (completed)`: the call's title and its last status. */
function toolLine(title: string, status: ToolCallStatus): string {
  return `  tool: ${title} (${status})`
}
