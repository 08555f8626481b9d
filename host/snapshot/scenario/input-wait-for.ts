// The snapshot host's own step: wait for a durable session event (plugins/session/events.ts).
// Waits are on the session log, cumulative and never "the next one", so they cannot miss an event
// that is already written; only this host sees the log, so only its scripts have this step.
import { z } from 'zod'
import { EVENT_TYPES, type EventType } from '../../../plugins/session/events.ts'
import { closedObject } from '../../../lib/closed-object.ts'
import { named, stepName } from '../../../lib/acp-script/fields.ts'
import { defineStep } from '../../../lib/acp-script/step-kind.ts'

/** How the host observes session events (the in-process feed, or the subprocess's log tail). */
export interface SessionEventWaiter {
  waitFor(
    sessionId: string,
    query: { type: string; count?: number; turn?: number; subagents?: boolean },
    what: string,
  ): Promise<void>
}

const positiveInt = z.int().min(1)

export const waitForStep = defineStep<ReturnType<typeof waitForSchema>, SessionEventWaiter>({
  schema: waitForSchema(),
  check(step, where, names) {
    names.session(where.at('session'), step.session)
    if (step.count !== undefined && step.turn !== undefined) names.issue(where.at(), 'give count or turn, not both')
    if (step.turn !== undefined && step.event.startsWith('permission/'))
      names.issue(where.at('turn'), `${step.event} events carry no turn; use count instead`)
  },
  describe: (step) => `${step.event} in ${step.session}`,
  async run(step, run) {
    const what =
      `${run.state.label}: event ${step.event}${step.turn ? ` of turn ${step.turn}` : ''}` +
      `${step.count ? ` ×${step.count}` : ''} in ${step.subagents ? 'the subagents of ' : ''}session ${step.session}`
    const query = { type: step.event, count: step.count, turn: step.turn, subagents: step.subagents }
    await run.client.host.waitFor(run.sessionOf(step), query, what)
  },
})

function waitForSchema() {
  return closedObject({
    op: z.literal('waitFor'),
    ...named,
    event: z.enum(EVENT_TYPES as [EventType, ...EventType[]]).meta({
      description: 'A session event type (plugins/session/events.ts).',
    }),
    session: stepName.meta({ description: 'The session whose log is watched (the name a newSession step gave).' }),
    count: positiveInt
      .optional()
      .meta({ description: 'Wait until the log holds at least this many such events (default 1).' }),
    turn: positiveInt.optional().meta({ description: 'Wait for the event whose data.turn equals this.' }),
    subagents: z.boolean().optional().meta({
      description:
        "Watch the logs of the session's subagents (plugins/subagents), counted together, instead of its own.",
    }),
  }).meta({ description: 'Wait until the session log holds an event (this host only: it reads the log).' })
}

export type WaitForStep = z.output<ReturnType<typeof waitForSchema>>
