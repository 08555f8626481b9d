// verify-live's judgement (docs/verify-live.md): a live run agrees with its recording when it has the
// same structure, not the same words: the same tool calls in the same order with the same argument
// keys, the same step stop reasons and turn endings, and the same transcript shape (which ACP
// messages, in which order, a run of chunks counted once). A scenario's `expect:` rules are checked
// on the live run. Pure: the caller passes the fixtures' text.
import { plural } from '../../../lib/plural.ts'

/** A scenario's `expect:` rule: a tool call (by name, optionally with argument values) or a text pattern. */
export type ExpectRule = { tool: string; args?: Record<string, string> } | { text: string }

/** One line per structural event of a session log: tool calls, step stops, turn endings. */
function logStructure(text: string): string[] {
  const lines: string[] = []
  for (const event of parseLines(text)) {
    const data = (event.data ?? {}) as Record<string, unknown>
    if (event.type === 'tool/call')
      lines.push(`turn ${data.turn}: tool ${data.name}(${argumentKeys(String(data.arguments)).join(', ')})`)
    const chunk = data.chunk as { type?: string; reason?: string } | undefined
    if (event.type === 'assistant/chunk' && chunk?.type === 'finish')
      lines.push(`turn ${data.turn}: stop ${chunk.reason}`)
    if (event.type === 'turn/end') lines.push(`turn ${data.turn}: end ${data.reason}`)
  }
  return lines
}

/** The golden transcript's shape: each message's method and update kind (or a result's stop reason), runs once. */
function transcriptShape(lines: readonly string[]): string[] {
  const shape: string[] = []
  for (const line of lines) {
    const message = JSON.parse(line) as { method?: string; params?: { update?: { sessionUpdate?: string } } }
    const result = (message as { result?: { stopReason?: string } }).result
    const kind = message.method
      ? [message.method, message.params?.update?.sessionUpdate].filter(Boolean).join(' ')
      : result?.stopReason
        ? `result ${result.stopReason}`
        : 'id' in message
          ? 'error' in message
            ? 'error'
            : 'result'
          : 'other'
    if (shape.at(-1) !== kind) shape.push(kind)
  }
  return shape
}

export interface RunSurfaces {
  /** Each session log's text, in order. */
  logs: readonly string[]
  /** The golden transcript's lines. */
  transcript: readonly string[]
}

/** Where the live run's structure leaves the recording's, one message per surface; [] when they agree. */
export function compareStructure(recorded: RunSurfaces, live: RunSurfaces): string[] {
  const problems: string[] = []
  if (recorded.logs.length !== live.logs.length)
    problems.push(`the recording has ${plural(recorded.logs.length, 'session log')}, the live run ${live.logs.length}`)
  recorded.logs.forEach((text, index) => {
    const liveText = live.logs[index]
    if (liveText === undefined) return
    const where = index === 0 ? 'session.jsonl' : `session.${index}.jsonl`
    const problem = firstDifference(logStructure(text), logStructure(liveText))
    if (problem) problems.push(`${where}: ${problem}`)
  })
  const shape = firstDifference(transcriptShape(recorded.transcript), transcriptShape(live.transcript))
  if (shape) problems.push(`transcript shape: ${shape}`)
  return problems
}

/** The `expect:` rules the live run breaks, each named with what was seen instead. */
export function checkExpectations(rules: readonly ExpectRule[], live: RunSurfaces): string[] {
  const events = live.logs.flatMap(parseLines)
  const calls = events
    .filter((event) => event.type === 'tool/call')
    .map((event) => event.data as { name: string; arguments: string })
  const texts = events
    .filter((event) => event.type === 'assistant/message')
    .map((event) => String((event.data as { text?: unknown }).text ?? ''))
  return rules.flatMap((rule, index) => {
    if ('text' in rule) {
      const pattern = new RegExp(rule.text)
      return texts.some((text) => pattern.test(text))
        ? []
        : [`expect[${index}]: no assistant text matches /${rule.text}/`]
    }
    const matches = calls.some((call) => call.name === rule.tool && argumentsMatch(call.arguments, rule.args ?? {}))
    if (matches) return []
    const seen = calls.map((call) => call.name).join(', ') || 'none'
    const args = rule.args ? ` with ${JSON.stringify(rule.args)}` : ''
    return [`expect[${index}]: no tool call to ${rule.tool}${args} (the live run called: ${seen})`]
  })
}

function firstDifference(recorded: readonly string[], live: readonly string[]): string | undefined {
  const length = Math.max(recorded.length, live.length)
  for (let index = 0; index < length; index++) {
    if (recorded[index] === live[index]) continue
    const show = (value: string | undefined) => (value === undefined ? 'nothing' : JSON.stringify(value))
    return `at ${index + 1}: the recording has ${show(recorded[index])}, the live run ${show(live[index])}`
  }
  return undefined
}

function argumentKeys(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' ? Object.keys(value).sort() : []
  } catch {
    return ['(not JSON)']
  }
}

function argumentsMatch(text: string, wanted: Record<string, string>): boolean {
  try {
    const value = JSON.parse(text) as Record<string, unknown>
    return Object.entries(wanted).every(([key, expected]) => String(value[key]) === expected)
  } catch {
    return false
  }
}

function parseLines(text: string): Array<{ type?: string; data?: unknown }> {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { type?: string; data?: unknown })
}
