import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, expectError, placeOf, sessionPlace, sessionTarget, stepName } from '../fields.ts'
import { mcpServerEntries, resolveMcpEntries } from '../mcp-entries.ts'
import { defineStep } from '../step-kind.ts'

/** ACP's unstable session/fork (SDK 2.4 `ForkSessionRequest`): not in the stable method table, sent by name. */
const FORK_SESSION = 'session/fork'
/** dsh's `_meta` key for the turn to fork after (plugins/acp/params.ts reads it). */
const FORK_TURN_META = 'dsh/forkTurn'

export const forkSessionStep = defineStep({
  schema: closedObject({
    op: z.literal('forkSession'),
    ...sessionTarget,
    as: stepName.meta({ description: 'Names the new (forked) session for later steps.' }),
    turn: z
      .int()
      .optional()
      .meta({
        description:
          'Fork after this turn of the session (sent as _meta "dsh/forkTurn"; 0: before any prompt). Omitted: ' +
          'after its last finished turn.',
      }),
    mcpServers: mcpServerEntries.optional(),
    ...sessionPlace,
    ...expectError,
  }).meta({
    description: 'session/fork (unstable) of a session: a new session holding its history; the id is saved under "as".',
  }),
  names: () => 'session',
  check: checkTarget,
  describe: (step) => `${describeTarget(step)}${step.turn === undefined ? '' : ` after turn ${step.turn}`}`,
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    const mcpServers = resolveMcpEntries(step.mcpServers ?? [], run.client.scriptDir, run.state.label)
    const meta = step.turn === undefined ? {} : { _meta: { [FORK_TURN_META]: step.turn } }
    const params = { sessionId, ...placeOf(step, run), mcpServers, ...meta }
    const outcome = await run.request(step, run.client.agent.request(FORK_SESSION, params))
    const id = outcome.kind === 'ok' ? (outcome.result as { sessionId?: unknown } | null)?.sessionId : undefined
    if (typeof id === 'string') run.defineSession(step.as, id)
  },
})
