import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { closedObject } from '../../closed-object.ts'
import { checkTarget, describeTarget, expectError, sessionPlace, sessionTarget, stepName } from '../fields.ts'
import { mcpServerEntries, resolveMcpEntries } from '../mcp-entries.ts'
import { reattachSession } from '../reattach.ts'
import { defineStep } from '../step-kind.ts'

export const resumeSessionStep = defineStep({
  schema: closedObject({
    op: z.literal('resumeSession'),
    ...sessionTarget,
    as: stepName.optional().meta({ description: 'Another name for the resumed session.' }),
    mcpServers: mcpServerEntries.optional(),
    ...sessionPlace,
    ...expectError,
  }).meta({ description: 'session/resume of a session in the session cwd: re-attached, its history not replayed.' }),
  names: () => 'session',
  check: checkTarget,
  describe: (step) => describeTarget(step),
  run: (step, run) =>
    reattachSession(
      step,
      run,
      acp.methods.agent.session.resume,
      resolveMcpEntries(step.mcpServers ?? [], run.client.scriptDir, run.state.label),
    ),
})
