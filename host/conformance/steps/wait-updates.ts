import { z } from 'zod'
import { named, ref } from '../../../lib/acp-script/fields.ts'
import { defineStep } from '../../../lib/acp-script/step-kind.ts'
import { closedObject } from '../../../lib/closed-object.ts'
import { windowUpdates } from '../update-window.ts'
import { type CaseHost, waitForCount } from './case-host.ts'
import { plural } from '../../../lib/plural.ts'

export const waitUpdatesStep = defineStep<ReturnType<typeof waitUpdatesSchema>, CaseHost>({
  schema: waitUpdatesSchema(),
  check(step, where, names) {
    if (step.session !== undefined) names.session(where.at('session'), step.session)
    if (step.from !== undefined) names.earlier(where.at('from'), step.from)
  },
  async run(step, run) {
    const trace = run.client.host.recorder.trace
    const count = () => {
      const selected = windowUpdates(trace, { session: step.session, from: step.from })
      return 'problem' in selected ? 0 : selected.updates.length
    }
    const what =
      `${plural(step.min, 'update')}${step.session ? ` for session ${step.session}` : ''}` +
      `${step.from ? ` since step ${JSON.stringify(step.from)}` : ''}`
    await waitForCount(run, count, step.min, what)
  },
})

function waitUpdatesSchema() {
  return closedObject({
    op: z.literal('waitUpdates'),
    ...named,
    min: z.int().min(1),
    session: ref('newSession').optional().meta({ description: 'Only updates naming this session.' }),
    from: ref('any named').optional().meta({ description: 'Only updates that arrived after this step started.' }),
  }).meta({ description: 'Wait (up to timeouts.updateMs) until at least min matching updates have arrived.' })
}
