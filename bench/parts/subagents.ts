// Subagents' replay cost (issue 23): a parent whose one step spawns 8 concurrent children of 1k
// chunks each, against one child of 8k chunks; both replayed in process through the agent (the
// composition, the agent loop, the `task` tool, the ACP bridge, normalizeRun). Target: the 8 children
// take under 3× the time of the one (a concurrent replay must not cost more than its chunks do).
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { StreamChunk } from '../../plugins/llm/types.ts'
import type { LoggedEvent } from '../../plugins/session/log-format.ts'
import { replayThroughAgent, stageSession } from '../agent-replay.ts'
import { formatMs, formatRatio, formatTable } from '../report.ts'
import { timeRuns, type SampleOptions } from '../sample.ts'
import { generateSession, promptFor, sessionText, type GeneratedSession } from '../session-gen.ts'
import { ratio, summarize, type Summary } from '../stats.ts'

interface SubagentsResult {
  rows: Array<{ label: string; children: number; chunksPerChild: number; replay: Summary }>
  /** Median of 8 × 1k over 1 × 8k. */
  ratio: number
}

const SHAPES = [
  { label: '1 child × 8k chunks', children: 1, chunksPerChild: 8_000 },
  { label: '8 children × 1k chunks', children: 8, chunksPerChild: 1_000 },
]
const SUBAGENTS_TARGET_RATIO = 3

export async function benchSubagents(repoRoot: string, options: SampleOptions): Promise<SubagentsResult> {
  const rows: SubagentsResult['rows'] = []
  for (const shape of SHAPES) {
    const { parent, children } = generateFamily(shape.children, shape.chunksPerChild)
    const staged = await stageSession(`subagents-${shape.children}`, parent)
    try {
      for (const [index, child] of children.entries())
        await writeFile(join(staged.scenario.dir, `session.${index + 1}.jsonl`), sessionText(child))
      const times = await timeRuns(() => replayThroughAgent(repoRoot, staged, 120_000), options)
      rows.push({ ...shape, replay: summarize(times) })
    } finally {
      await staged.dispose()
    }
  }
  return { rows, ratio: ratio(rows[1]!.replay.median, rows[0]!.replay.median) }
}

export function subagentsSection(result: SubagentsResult): string[] {
  const rows = result.rows.map((row) => [row.label, formatMs(row.replay.median), formatMs(row.replay.min)])
  const verdict = result.ratio < SUBAGENTS_TARGET_RATIO ? 'PASS' : 'MISS'
  return [
    '== subagents: in-process replay through the agent (task calls, concurrent children); medians ==',
    ...formatTable(['session', 'median', 'min'], rows),
    `8 × 1k / 1 × 8k = ${formatRatio(result.ratio)} (target < ${SUBAGENTS_TARGET_RATIO}×): ${verdict}`,
  ]
}

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
