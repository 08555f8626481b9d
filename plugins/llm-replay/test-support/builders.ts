// Builders for small, realistic session logs used by this folder's tests (not shipped logic).
import type { Message, StreamChunk, ToolCall } from '../../llm/types.ts'
import type { HistoryEvent } from '../../session/history.ts'

export interface StepSpec {
  chunks: StreamChunk[]
  /** Tool calls the step made, with the output each produced. */
  tools?: Array<{ call: ToolCall; output: string }>
}

export interface TurnSpec {
  prompt: string
  steps: StepSpec[]
}

/** A normalized session log (no seq/time, cwd `{{cwd}}`) for the given turns. */
export function buildEvents(turns: TurnSpec[]): HistoryEvent[] {
  const events: HistoryEvent[] = []
  turns.forEach((spec, turnIndex) => {
    const turn = turnIndex + 1
    events.push({ type: 'turn/start', data: { turn } })
    events.push({
      type: 'user/message',
      data: { turn, messageId: `{{message:${turn}}}`, content: [{ type: 'text', text: spec.prompt }] },
    })
    spec.steps.forEach((stepSpec, stepIndex) => {
      const step = stepIndex + 1
      events.push({ type: 'step/start', data: { turn, step } })
      for (const chunk of stepSpec.chunks) events.push({ type: 'assistant/chunk', data: { turn, step, chunk } })
      const text = stepSpec.chunks.map((c) => (c.type === 'text-delta' ? c.text : '')).join('')
      const toolCalls = (stepSpec.tools ?? []).map((t) => t.call)
      events.push({
        type: 'assistant/message',
        data: { turn, step, messageId: `{{message:${turn}.${step}}}`, text, toolCalls },
      })
      for (const { call, output } of stepSpec.tools ?? []) {
        events.push({
          type: 'tool/call',
          data: { turn, step, callId: call.id, name: call.name, arguments: call.arguments },
        })
        events.push({ type: 'tool/result', data: { turn, step, callId: call.id, output, isError: false } })
      }
      events.push({ type: 'step/end', data: { turn, step } })
    })
    events.push({ type: 'turn/end', data: { turn, reason: 'end_turn' } })
  })
  return events
}

export function logText(events: HistoryEvent[], cwd = '{{cwd}}', id = '{{session:1}}'): string {
  const header = { type: 'session', version: 1, id, cwd }
  return `${[header, ...events].map((line) => JSON.stringify(line)).join('\n')}\n`
}

export const text = (value: string): StreamChunk => ({ type: 'text-delta', text: value })
export const stop: StreamChunk = { type: 'finish', reason: 'stop' }
export const toolCallsFinish: StreamChunk = { type: 'finish', reason: 'tool-calls' }

export function toolCallChunks(call: ToolCall): StreamChunk[] {
  return [
    { type: 'tool-call-delta', index: 0, id: call.id, name: call.name, argumentsDelta: call.arguments },
    toolCallsFinish,
  ]
}

/** The live history at (turn, step) as the agent would send it, with `{{cwd}}` spelled as `cwd`. */
export function liveMessages(messages: Message[], cwd: string): Message[] {
  return JSON.parse(JSON.stringify(messages).split('{{cwd}}').join(cwd)) as Message[]
}

/** A bash call listing files, used by the two-turn log. */
export const call = { id: '{{call:1}}', name: 'bash', arguments: '{"command":"ls"}' }
/** Turn 1: a tool call, then text; turn 2: text. */
export const twoTurns = buildEvents([
  {
    prompt: 'list files',
    steps: [
      { chunks: toolCallChunks(call), tools: [{ call, output: 'a.txt\nb.txt' }] },
      { chunks: [text('Two '), text('files.'), stop] },
    ],
  },
  { prompt: 'thanks', steps: [{ chunks: [text('Welcome.'), stop] }] },
])
/** A log whose only model call produced no chunk (the provider failed or hung before streaming). */
export const silentCall = [
  { type: 'turn/start', data: { turn: 1 } },
  { type: 'user/message', data: { turn: 1, messageId: '{{message:1}}', content: [{ type: 'text', text: 'hi' }] } },
  { type: 'step/start', data: { turn: 1, step: 1 } },
  { type: 'turn/end', data: { turn: 1, reason: 'error' } },
] as HistoryEvent[]

/** A small deterministic PRNG (mulberry32), so a failing seed can be rerun. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
