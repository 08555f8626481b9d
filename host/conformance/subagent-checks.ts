// The subagentSessions check (pure): for a client that advertises the unstable `subagents`
// capability, every child session is announced with `subagent_update` (under a session the client
// knows, with a title and a state) before any message names it, then sends updates under its own id,
// and its state ends as the case expects. SPEC.md R34.
import { plural } from '../../lib/plural.ts'
import type { CaseCheck } from './case-schema.ts'
import { list, show } from './check-text.ts'
import type { CaseTrace } from './trace.ts'

type Check = Extract<CaseCheck, { check: 'subagentSessions' }>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

interface Child {
  seq: number
  states: string[]
  ownUpdates: number
}

/** What the wire tells about the children, and the first message that broke the announcement rule. */
function readChildren(trace: CaseTrace): { children: Map<string, Child>; problems: string[] } {
  const known = new Set(trace.sessions.values())
  const children = new Map<string, Child>()
  const problems: string[] = []
  for (const entry of trace.wire) {
    const method = entry.message.method
    if (entry.dir !== 'in' || (method !== 'session/update' && method !== 'session/request_permission')) continue
    const params = isRecord(entry.message.params) ? entry.message.params : {}
    const update = isRecord(params.update) ? params.update : {}
    const named = params.sessionId
    if (typeof named !== 'string' || !known.has(named)) {
      problems.push(`#${entry.seq} ${method} names ${show(named)}, which no subagent_update announced before it`)
      continue
    }
    const own = children.get(named)
    if (own) own.ownUpdates++
    if (method !== 'session/update' || update.sessionUpdate !== 'subagent_update') continue
    const child = update.sessionId
    const state = isRecord(update.state) && typeof update.state.state === 'string' ? update.state.state : undefined
    if (typeof child !== 'string') {
      problems.push(`#${entry.seq} subagent_update has no string sessionId (${show(child)})`)
      continue
    }
    if (!children.has(child)) {
      if (typeof update.title !== 'string' || !state)
        problems.push(`#${entry.seq} subagent_update announcing ${show(child)} must carry a title and a state`)
      children.set(child, { seq: entry.seq, states: [], ownUpdates: 0 })
      known.add(child)
    }
    if (state) children.get(child)!.states.push(state)
  }
  return { children, problems }
}

export function subagentSessions(check: Check, trace: CaseTrace): string | undefined {
  const { children, problems } = readChildren(trace)
  const min = check.min ?? 1
  if (children.size < min)
    problems.push(`${plural(children.size, 'child session')} announced with subagent_update; want ${min}`)
  for (const [id, child] of children) {
    const where = `child ${show(id)} (announced at #${child.seq})`
    if (!child.ownUpdates) problems.push(`${where} sent no update under its own session id`)
    const last = child.states.at(-1)
    if (check.end && !(check.end as readonly string[]).includes(last ?? '(none)'))
      problems.push(`${where} ended in state ${show(last ?? '(none)')}; want one of ${list(check.end)}`)
  }
  const seen = new Set([...children.values()].flatMap((child) => child.states))
  const missing = (check.seen ?? []).filter((state) => !seen.has(state))
  if (missing.length) problems.push(`no child went through state ${list(missing)}; states seen: ${list([...seen])}`)
  if (!problems.length) return undefined
  return `${plural(problems.length, 'problem')} with subagent sessions: ${problems.slice(0, 3).join('; ')}`
}
