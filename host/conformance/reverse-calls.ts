// The agent's requests to the client (fs/*, terminal/*, elicitation/create), read from the wire (pure), and the
// checks over them: how many, and what happened to each client terminal.
import { REVERSE_METHODS, type CaseCheck } from './case-schema.ts'
import { updatesOf, type CaseTrace, type WireEntry } from './trace.ts'
import { plural } from '../../lib/plural.ts'

type Check<K extends CaseCheck['check']> = Extract<CaseCheck, { check: K }>

const paramsOf = (entry: WireEntry) => (entry.message.params ?? {}) as Record<string, unknown>

/** Agent → client requests of the fs, terminal and elicitation methods, in wire order. */
export function reverseRequests(trace: CaseTrace, method?: string): WireEntry[] {
  return trace.wire.filter(
    (e) =>
      e.dir === 'in' &&
      'id' in e.message &&
      typeof e.message.method === 'string' &&
      (REVERSE_METHODS as readonly string[]).includes(e.message.method) &&
      (method === undefined || e.message.method === method),
  )
}

interface TerminalLife {
  terminalId: string
  createdSeq: number
  embeddedSeq?: number
  killedSeq?: number
  releasedSeq?: number
}

/** Every terminal the client created (its terminal/create answered with an id), and what followed. */
function terminalLives(trace: CaseTrace): TerminalLife[] {
  const lives: TerminalLife[] = []
  for (const create of reverseRequests(trace, 'terminal/create')) {
    const response = trace.wire.find(
      (e) => e.dir === 'out' && e.seq > create.seq && !('method' in e.message) && e.message.id === create.message.id,
    )
    const terminalId = (response?.message.result as { terminalId?: unknown } | undefined)?.terminalId
    if (typeof terminalId !== 'string') continue
    const first = (method: string) =>
      reverseRequests(trace, method).find((e) => paramsOf(e).terminalId === terminalId)?.seq
    const embedded = updatesOf(trace).find(
      (u) =>
        Array.isArray(u.update.content) &&
        u.update.content.some(
          (c) =>
            (c as { type?: unknown }).type === 'terminal' && (c as { terminalId?: unknown }).terminalId === terminalId,
        ),
    )
    lives.push({
      terminalId,
      createdSeq: create.seq,
      embeddedSeq: embedded?.seq,
      killedSeq: first('terminal/kill'),
      releasedSeq: first('terminal/release'),
    })
  }
  return lives
}

export function checkReverseCalls(check: Check<'reverseCalls'>, trace: CaseTrace): string | undefined {
  const requests = reverseRequests(trace, check.method)
  const what = check.method ?? 'fs/*, terminal/* and elicitation/create'
  const seen = requests.map((e) => String(e.message.method)).join(', ') || 'none'
  if (check.min !== undefined && requests.length < check.min)
    return `expected at least ${plural(check.min, `${what} request`)} from the agent, got ${requests.length} (${seen})`
  if (check.max !== undefined && requests.length > check.max)
    return `expected at most ${plural(check.max, `${what} request`)} from the agent, got ${requests.length} (${seen})`
  return undefined
}

export function checkClientTerminal(check: Check<'clientTerminal'>, trace: CaseTrace): string | undefined {
  const lives = terminalLives(trace)
  const min = check.min ?? 1
  if (lives.length < min) return `expected at least ${plural(min, 'client terminal')} created, got ${lives.length}`
  const problems: string[] = []
  for (const life of lives) {
    const id = JSON.stringify(life.terminalId)
    if (life.releasedSeq === undefined) {
      problems.push(`terminal ${id} was never released (terminal/release)`)
      continue
    }
    if (check.embedded && (life.embeddedSeq === undefined || life.embeddedSeq > life.releasedSeq))
      problems.push(`terminal ${id} was not embedded in a tool call update before its release`)
    if (check.killed && (life.killedSeq === undefined || life.killedSeq > life.releasedSeq))
      problems.push(`terminal ${id} got no terminal/kill before its release`)
  }
  return problems.length ? problems.join('; ') : undefined
}
