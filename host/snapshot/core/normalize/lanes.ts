// The transcript's lane order: what the client saw, independent of scheduling. Concurrent work
// (parallel tool calls, subagents) makes the order of notifications *between* independent lanes
// depend on timing, while the order *inside* a lane is behaviour. So every maximal run of lane
// messages holding two or more lanes is laid out lane after lane, each at the point it started (its
// first message in the run), after a marker line naming it; inside a lane the order is kept.
// A child session a `subagents` client was told about (subagent_update) is one lane holding all its
// traffic, laid out after its parent's spawning call, and ordered inside by the same rule.
// docs/scenario-format.md, "Lanes". Pure.

type Message = Record<string, unknown>

/** An announced child session: the session it was announced under and the call that spawned it (if named). */
interface Child {
  parent: string
  callId?: string
}
type Children = ReadonlyMap<string, Child>

/** The `_meta` key dsh's announcement names the spawning call with (plugins/acp/subagent-sessions.ts). */
const SPAWNING_CALL_META = 'dsh/toolCallId'

const callLaneKey = (sessionId: string, toolCallId: string) => JSON.stringify([sessionId, toolCallId])
const childLaneKey = (sessionId: string) => JSON.stringify([sessionId])

const paramsOf = (message: Message) => message.params as Record<string, unknown> | undefined
const updateOf = (message: Message) => paramsOf(message)?.update as Record<string, unknown> | undefined
const isNotification = (message: Message) => message.method === 'session/update' && message.id === undefined

/** The child a `subagent_update` is about (it goes out under the parent's session id). */
function announcedChild(message: Message): string | undefined {
  const update = updateOf(message)
  if (!isNotification(message) || update?.sessionUpdate !== 'subagent_update') return undefined
  return typeof update.sessionId === 'string' ? update.sessionId : undefined
}

/** The child sessions the messages announce, each with its parent and spawning call. */
function announcedChildren(messages: readonly object[]): Map<string, Child> {
  const children = new Map<string, Child>()
  for (const message of messages as readonly Message[]) {
    const child = announcedChild(message)
    const parent = paramsOf(message)?.sessionId
    if (!child || typeof parent !== 'string' || children.has(child)) continue
    const callId = (updateOf(message)?._meta as Record<string, unknown> | undefined)?.[SPAWNING_CALL_META]
    children.set(child, { parent, ...(typeof callId === 'string' ? { callId } : {}) })
  }
  return children
}

/**
 * A message's lane within `scope` (undefined: the sessions the client opened; else a child's own lane):
 * a child directly under the scope (anything about it or its own children), or a tool call of a
 * session (`session/update` with a toolCallId, a permission request).
 */
function laneOf(message: Message, children: Children = new Map(), scope?: string): string | undefined {
  const params = paramsOf(message)
  if (!params || typeof params.sessionId !== 'string') return undefined
  const directlyUnder = (child: string) =>
    scope === undefined ? !children.has(children.get(child)!.parent) : children.get(child)!.parent === scope
  let about = announcedChild(message) ?? params.sessionId
  while (children.has(about) && !directlyUnder(about)) about = children.get(about)!.parent
  if (children.has(about) && about !== scope) return childLaneKey(about)
  if (isNotification(message)) {
    const callId = updateOf(message)?.toolCallId
    return typeof callId === 'string' ? callLaneKey(params.sessionId, callId) : undefined
  }
  if (message.method === 'session/request_permission') {
    const callId = (params.toolCall as Record<string, unknown> | undefined)?.toolCallId
    return typeof callId === 'string' ? callLaneKey(params.sessionId, callId) : undefined
  }
  return undefined
}

/** The marker line before a lane's messages: names the session and tool call (ids are tokenized later). */
function laneMarker(lane: string): Record<string, unknown> {
  const [sessionId, toolCallId] = JSON.parse(lane) as [string, string?]
  return { lane: toolCallId === undefined ? { sessionId } : { sessionId, toolCallId } }
}

/** Messages in lane order; anything not in a lane (responses, text, mode changes) is a fixed point. */
export function inLaneOrder<T extends object>(messages: readonly T[]): Array<T | Record<string, unknown>> {
  return ordered(messages, announcedChildren(messages), undefined)
}

function ordered<T extends object>(
  messages: readonly T[],
  children: Children,
  scope: string | undefined,
): Array<T | Message> {
  const out: Array<T | Record<string, unknown>> = []
  let run: Array<{ lane: string; message: T }> = []
  const flush = () => {
    if (run.length === 0) return
    // One push per message: a spread of a long run would put every element on the stack.
    for (const message of layOut(run, children)) out.push(message)
    run = []
  }
  for (const message of messages) {
    const lane = laneOf(message as Message, children, scope)
    if (lane === undefined) {
      flush()
      out.push(message)
    } else run.push({ lane, message })
  }
  flush()
  return out
}

function layOut<T extends object>(
  run: ReadonlyArray<{ lane: string; message: T }>,
  children: Children,
): Array<T | Message> {
  const lanes = new Map<string, T[]>()
  for (const { lane, message } of run) {
    const messages = lanes.get(lane)
    if (messages) messages.push(message)
    else lanes.set(lane, [message])
  }
  const inside = (lane: string, messages: readonly T[]): ReadonlyArray<T | Message> => {
    const [sessionId, toolCallId] = JSON.parse(lane) as [string, string?]
    return toolCallId === undefined ? ordered(messages, children, sessionId) : messages
  }
  if (lanes.size < 2) return [...lanes].flatMap(([lane, messages]) => inside(lane, messages))
  return placed([...lanes.keys()], children).flatMap((lane) => [laneMarker(lane), ...inside(lane, lanes.get(lane)!)])
}

/**
 * Lanes in the order they started, except that a child goes right after the call that spawned it when
 * that call is in the run: children announce themselves when they first act, which is timing.
 */
function placed(lanes: readonly string[], children: Children): string[] {
  const spawnedBy = new Map<string, string[]>()
  const followers = new Set<string>()
  for (const lane of lanes) {
    const [sessionId, toolCallId] = JSON.parse(lane) as [string, string?]
    const child = toolCallId === undefined ? children.get(sessionId) : undefined
    const spawning = child?.callId === undefined ? undefined : callLaneKey(child.parent, child.callId)
    if (!spawning || !lanes.includes(spawning)) continue
    spawnedBy.set(spawning, [...(spawnedBy.get(spawning) ?? []), lane])
    followers.add(lane)
  }
  const out: string[] = []
  const visit = (lane: string) => {
    out.push(lane)
    for (const child of spawnedBy.get(lane) ?? []) visit(child)
  }
  for (const lane of lanes) if (!followers.has(lane)) visit(lane)
  return out
}
