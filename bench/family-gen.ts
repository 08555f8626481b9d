// A generated parent session whose one step spawns subagents, and their logs: the subagents
// bench's input (bench/parts/subagents.ts), beside the single-session generator (session-gen.ts).
import type { StreamChunk } from '../plugins/llm/types.ts'
import type { LoggedEvent } from '../plugins/session/log-format.ts'
import { generateSession, promptFor, type GeneratedSession } from './session-gen.ts'

/** A parent log whose step 1 makes `count` task calls, and one child log per call (spawn = its index). */
export function generateFamily(count: number, chunksPerChild: number) {
  const children = Array.from({ length: count }, (_, index) => {
    const child = generateSession({ turns: 1, chunksPerTurn: chunksPerChild })
    const spawn = { turn: 1, step: 1, call: index }
    child.header = { ...child.header, id: `{{session:${index + 2}}}`, ...parentOf(index, spawn) }
    return child
  })
  const outputs = children.map(
    (child) => (child.events.find((e) => e.type === 'assistant/message')!.data as { text: string }).text,
  )
  return { parent: parentSession(outputs), children }
}

const parentOf = (index: number, spawn: { turn: number; step: number; call: number }) => ({
  parentSession: '{{session:1}}',
  parentCallId: `call_task_${index}`,
  spawn,
})

function parentSession(outputs: string[]): GeneratedSession {
  const events: LoggedEvent[] = []
  const push = (type: LoggedEvent['type'], data: object) => events.push({ type, data } as LoggedEvent)
  const chunk = (step: number, value: StreamChunk) => push('assistant/chunk', { turn: 1, step, chunk: value })
  const prompt = 'Delegate the work.'
  const calls = outputs.map((_, index) => ({
    id: `call_task_${index}`,
    name: 'task',
    arguments: JSON.stringify({ description: `part ${index}`, prompt: promptFor(1) }),
  }))
  push('user/message', { turn: 1, messageId: '{{message:1}}', content: [{ type: 'text', text: prompt }] })
  push('turn/start', { turn: 1 })
  push('step/start', { turn: 1, step: 1 })
  push('request/header', {
    turn: 1,
    step: 1,
    model: 'deepseek-chat',
    system: '{{system}}',
    tools: '{{tools}}',
    reason: 'initial',
  })
  for (const [index, call] of calls.entries())
    chunk(1, { type: 'tool-call-delta', index, id: call.id, name: call.name, argumentsDelta: call.arguments })
  chunk(1, { type: 'finish', reason: 'tool-calls' })
  push('assistant/message', { turn: 1, step: 1, messageId: '{{message:2}}', text: '', toolCalls: calls })
  for (const call of calls)
    push('tool/call', { turn: 1, step: 1, callId: call.id, name: call.name, arguments: call.arguments })
  for (const [index, call] of calls.entries())
    push('tool/result', { turn: 1, step: 1, callId: call.id, output: outputs[index], isError: false })
  push('step/end', { turn: 1, step: 1 })
  push('step/start', { turn: 1, step: 2 })
  chunk(2, { type: 'text-delta', text: 'done' })
  chunk(2, { type: 'finish', reason: 'stop' })
  push('assistant/message', { turn: 1, step: 2, messageId: '{{message:3}}', text: 'done', toolCalls: [] })
  push('step/end', { turn: 1, step: 2 })
  push('turn/end', { turn: 1, reason: 'end_turn' })
  return {
    header: { type: 'session', version: 1, id: '{{session:1}}', createdAt: 0, cwd: '{{cwd}}' },
    events,
    prompts: [prompt],
  }
}
