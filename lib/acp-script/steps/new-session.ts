import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { expectError, placeOf, sessionPlace, stepName } from '../fields.ts'
import { mcpServerEntries, resolveMcpEntries } from '../mcp-entries.ts'
import { defineStep } from '../step-kind.ts'

export const newSessionStep = defineStep({
  schema: closedObject({
    op: z.literal('newSession'),
    as: stepName.meta({ description: 'Names the session for later steps.' }),
    params: z
      .record(z.string(), z.json())
      .optional()
      .meta({
        description:
          'Sent instead of {"cwd": "{{cwd}}", "mcpServers": []}, for deliberately invalid requests (needs an ' +
          'expected error); "{{cwd}}" is replaced.',
      }),
    mcpServers: mcpServerEntries.optional(),
    ...sessionPlace,
    ...expectError,
  }).meta({ description: 'session/new in the session cwd; the id is saved under "as".' }),
  names: () => 'session',
  check(step, where, names) {
    if (step.params !== undefined && !names.expectsFailure(step))
      names.issue(
        where.at('params'),
        'params are only for invalid requests and need an expected error; drop them to send the session cwd',
      )
    for (const field of ['mcpServers', 'cwd', 'additionalDirectories'] as const)
      if (step.params !== undefined && step[field] !== undefined)
        names.issue(where.at(field), `${field} and params are exclusive; put it in params`)
  },
  async run(step, run) {
    const servers = resolveMcpEntries(step.mcpServers ?? [], run.client.scriptDir, run.state.label)
    const params = step.params === undefined ? { ...placeOf(step, run), mcpServers: servers } : run.expand(step.params)
    const outcome = await run.request(
      step,
      run.client.agent.request(acp.methods.agent.session.new, params as acp.NewSessionRequest),
    )
    const id = outcome.kind === 'ok' ? (outcome.result as { sessionId?: unknown } | null)?.sessionId : undefined
    if (typeof id === 'string') run.defineSession(step.as, id)
  },
})
