// The transcript's lane order: what the client saw, independent of scheduling. Concurrent work
// (parallel tool calls, subagents) makes the order of notifications *between* independent lanes
// depend on timing, while the order *inside* a lane is behaviour. So every maximal run of lane
// messages holding two or more lanes is laid out lane after lane, each at the point it started (its
// first message in the run), after a marker line naming it; inside a lane the order is kept.
// docs/scenario-format.md, "Lanes". Pure.

/** A message's lane: a tool call of a session (`session/update` with a toolCallId, a permission request). */
export function laneOf(message: Record<string, unknown>): string | undefined {
  const params = message.params as Record<string, unknown> | undefined
  if (!params || typeof params.sessionId !== 'string') return undefined
  if (message.method === 'session/update' && message.id === undefined) {
    const callId = (params.update as Record<string, unknown> | undefined)?.toolCallId
    return typeof callId === 'string' ? laneKey(params.sessionId, callId) : undefined
  }
  if (message.method === 'session/request_permission') {
    const callId = (params.toolCall as Record<string, unknown> | undefined)?.toolCallId
    return typeof callId === 'string' ? laneKey(params.sessionId, callId) : undefined
  }
  return undefined
}

const laneKey = (sessionId: string, toolCallId: string) => JSON.stringify([sessionId, toolCallId])

/** The marker line before a lane's messages: names the session and tool call (ids are tokenized later). */
function laneMarker(lane: string): Record<string, unknown> {
  const [sessionId, toolCallId] = JSON.parse(lane) as [string, string]
  return { lane: { sessionId, toolCallId } }
}

/** Messages in lane order; anything not in a lane (responses, text, mode changes) is a fixed point. */
export function inLaneOrder<T extends object>(messages: readonly T[]): Array<T | Record<string, unknown>> {
  const out: Array<T | Record<string, unknown>> = []
  let run: Array<{ lane: string; message: T }> = []
  const flush = () => {
    out.push(...layOut(run))
    run = []
  }
  for (const message of messages) {
    const lane = laneOf(message as Record<string, unknown>)
    if (lane === undefined) {
      flush()
      out.push(message)
    } else run.push({ lane, message })
  }
  flush()
  return out
}

function layOut<T>(run: ReadonlyArray<{ lane: string; message: T }>): Array<T | Record<string, unknown>> {
  const lanes = new Map<string, T[]>()
  for (const { lane, message } of run) lanes.set(lane, [...(lanes.get(lane) ?? []), message])
  if (lanes.size < 2) return run.map(({ message }) => message)
  return [...lanes].flatMap(([lane, messages]) => [laneMarker(lane), ...messages])
}
