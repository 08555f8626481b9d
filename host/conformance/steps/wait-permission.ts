import { z } from 'zod'
import { named, ref } from '../../../lib/acp-script/fields.ts'
import { defineStep } from '../../../lib/acp-script/step-kind.ts'
import { closedObject } from '../../../lib/closed-object.ts'
import type { CaseTrace } from '../trace.ts'
import { type CaseHost, waitForCount } from './case-host.ts'
import { plural } from '../../../lib/plural.ts'

export const waitPermissionStep = defineStep<ReturnType<typeof waitPermissionSchema>, CaseHost>({
  schema: waitPermissionSchema(),
  check(step, where, names) {
    if (step.session !== undefined) names.session(where.at('session'), step.session)
  },
  async run(step, run) {
    const trace = run.client.host.recorder.trace
    const sessionId = step.session !== undefined ? trace.sessions.get(step.session) : undefined
    const min = step.min ?? 1
    const what = `${plural(min, 'permission request')}${step.session ? ` for session ${step.session}` : ''}`
    await waitForCount(run, () => permissionRequestsOnWire(trace, sessionId), min, what)
  },
})

function waitPermissionSchema() {
  return closedObject({
    op: z.literal('waitPermission'),
    ...named,
    min: z.int().min(1).optional().meta({ description: 'Default 1.' }),
    session: ref('newSession').optional().meta({ description: 'Only requests naming this session.' }),
  }).meta({ description: 'Wait (up to timeouts.updateMs) until at least min permission requests have arrived.' })
}

/** session/request_permission requests on the wire (they are counted before any answer). */
function permissionRequestsOnWire(trace: CaseTrace, sessionId: string | undefined): number {
  return trace.wire.filter(
    (e) =>
      e.dir === 'in' &&
      e.message.method === 'session/request_permission' &&
      'id' in e.message &&
      (sessionId === undefined || (e.message.params as { sessionId?: unknown } | undefined)?.sessionId === sessionId),
  ).length
}
