// Wait on ACP traffic (service/driver/update-feed.ts): session/update notifications by kind, tool
// calls by status, permission requests. Counts are cumulative, so a wait never misses what came
// already. Any agent sends these, so scenarios for foreign agents wait with this step
// (docs/foreign-agents.md); dsh scenarios may use it too.
import { z } from 'zod'
import { closedObject } from '../../../lib/closed-object.ts'
import { named, stepName } from '../../../lib/acp-script/fields.ts'
import { defineStep } from '../../../lib/acp-script/step-kind.ts'

/** What a wait asks of the ACP traffic a session saw (counted by service/driver/update-feed.ts). */
export interface UpdateQuery {
  /** A sessionUpdate kind (`agent_message_chunk`, `tool_call`, …) or `request_permission`. */
  update: string
  /** With tool_call / tool_call_update: only calls reaching this status. */
  status?: string
  /** At least this many (default 1). */
  count?: number
}

/** How the host observes ACP traffic. */
export interface AcpUpdateWaiter {
  waitForUpdate(sessionId: string, query: UpdateQuery, what: string): Promise<void>
}

const UPDATE_KINDS = [
  'agent_message_chunk',
  'agent_thought_chunk',
  'user_message_chunk',
  'tool_call',
  'tool_call_update',
  'plan',
  'available_commands_update',
  'current_mode_update',
  'config_option_update',
  'session_info_update',
  'request_permission',
] as const

export const waitUpdateStep = defineStep<ReturnType<typeof waitUpdateSchema>, AcpUpdateWaiter>({
  schema: waitUpdateSchema(),
  check(step, where, names) {
    names.session(where.at('session'), step.session)
    if (step.status !== undefined && !step.update.startsWith('tool_call'))
      names.issue(where.at('status'), 'status applies to tool_call and tool_call_update only')
  },
  describe: (step) => `${step.update}${step.status ? ` (${step.status})` : ''} in ${step.session}`,
  async run(step, run) {
    const what =
      `${run.state.label}: ${step.update}${step.status ? ` with status ${step.status}` : ''}` +
      `${step.count ? ` ×${step.count}` : ''} in session ${step.session}`
    await run.client.host.waitForUpdate(
      run.sessionOf(step),
      { update: step.update, status: step.status, count: step.count },
      what,
    )
  },
})

function waitUpdateSchema() {
  return closedObject({
    op: z.literal('waitUpdate'),
    ...named,
    update: z.enum(UPDATE_KINDS).meta({
      description: 'A session/update kind, or request_permission for permission requests.',
    }),
    session: stepName.meta({ description: 'The session watched (the name a newSession step gave).' }),
    status: z.enum(['pending', 'in_progress', 'completed', 'failed']).optional().meta({
      description: 'tool_call / tool_call_update only: count the calls that reach this status.',
    }),
    count: z.int().min(1).optional().meta({ description: 'Wait until at least this many have arrived (default 1).' }),
  }).meta({ description: 'Wait until the client has seen ACP traffic of a kind (any agent; counts are cumulative).' })
}

export type WaitUpdateStep = z.output<ReturnType<typeof waitUpdateSchema>>
