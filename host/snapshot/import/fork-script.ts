// The script of an imported fork (docs/fork.md): the parent's turns up to the fork point under `s1`, a
// forkSession step, then the fork's own turns under `s2`; the permissions queue the parent's answers,
// then the fork's own (its copies of the parent's history ask nothing again). Pure.
import type { LoggedEvent, LoggedHeader } from '../../../plugins/session/log-format.ts'
import { type DerivedScript, deriveScript } from './derive-script.ts'
import { eventsWithChildren } from './merge-children.ts'

interface ParsedLog {
  header: Pick<LoggedHeader, 'id' | 'parentSession' | 'parentCallId' | 'forkedFrom'>
  events: readonly LoggedEvent[]
}

const PARENT = 's1'
const FORK = 's2'

/** `logs` in fixture order (the parent, the fork, then subagents). Undefined when no log is a fork. */
export function deriveForkScript(
  logs: readonly ParsedLog[],
  file: string,
): { script: DerivedScript; everything: LoggedEvent[] } | undefined {
  const forkIndex = logs.findIndex((log) => log.header.forkedFrom)
  const fork = logs[forkIndex]
  const parent = logs[0]
  if (!fork?.header.forkedFrom || !parent || forkIndex === 0) return undefined
  const point = fork.header.forkedFrom
  const own = { header: fork.header, events: fork.events.slice(point.events) }
  const forkFamily = familyOf(logs, fork.header.id)
  const parentFamily = logs.filter((log) => log !== fork && !forkFamily.includes(log))
  const parentEvents = eventsWithChildren(parentFamily)
  const forkEvents = eventsWithChildren([own, ...forkFamily.filter((log) => log !== fork)])
  const before = deriveScript(parent.events, file, parentEvents)
  const after = deriveScript(own.events, file, forkEvents)
  // The fork's script without its own initialize and newSession, its steps under the fork's name.
  const forkSteps = after.input.steps
    .slice(2)
    .map((step) => (step.session === PARENT ? { ...step, session: FORK } : step))
  const terminal = before.input.client ?? after.input.client
  const steps = [
    ...before.input.steps,
    { op: 'forkSession', session: PARENT, as: FORK, turn: point.turn },
    ...forkSteps,
  ]
  const note =
    `the session is a fork of another after its turn ${point.turn}: the scenario plays that session up to there ` +
    '(session.jsonl), forks it and plays the fork (session.1.jsonl)'
  return {
    script: {
      input: {
        ...(terminal ? { client: terminal } : {}),
        steps,
        permissions: [...before.input.permissions, ...after.input.permissions],
      },
      notes: [note, ...before.notes, ...after.notes],
    },
    everything: [...parentEvents, ...forkEvents],
  }
}

/** The log with id `id` and its subagents' (children of children too). */
function familyOf(logs: readonly ParsedLog[], id: string): ParsedLog[] {
  const ids = new Set([id])
  const family: ParsedLog[] = []
  for (const log of logs)
    if (ids.has(log.header.id) || (log.header.parentSession && ids.has(log.header.parentSession))) {
      family.push(log)
      ids.add(log.header.id)
    }
  return family
}
