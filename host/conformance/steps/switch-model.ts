// The runner's generic session/set_model (the request of clients older than config options): a
// model the session offers other than the current one, so a case names no agent's own models. A
// session that offers none to switch to, or an agent without the method, makes the case not
// applicable.
import { z } from 'zod'
import { settle } from '../../../lib/acp-script/outcome.ts'
import { checkTarget, describeTarget, expectError, named, sessionTarget } from '../../../lib/acp-script/fields.ts'
import { defineStep } from '../../../lib/acp-script/step-kind.ts'
import { closedObject } from '../../../lib/closed-object.ts'
import { modelsOf, otherValue } from '../config-options.ts'
import { NotApplicableError } from '../requires.ts'
import type { CaseHost } from './case-host.ts'

const METHOD_NOT_FOUND = -32601

export const switchModelStep = defineStep<ReturnType<typeof switchModelSchema>, CaseHost>({
  schema: switchModelSchema(),
  check: checkTarget,
  describe: (step) => describeTarget(step),
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    const models = modelsOf(run.client.host.recorder.trace, sessionId)
    const modelId = otherValue(models.ids, models.current)
    if (modelId === undefined)
      throw new NotApplicableError(
        `not applicable: the session offers no model to switch to (session/new answered ${models.ids.length} ` +
          `model${models.ids.length === 1 ? '' : 's'} in "models" or a config option of category "model")`,
      )
    // Not a method of the SDK's typed table any more: sent by name. The method is unstable: an agent
    // that does not implement it (-32601) does not offer it, which is not a failure.
    const response = run.client.agent.request('session/set_model', { sessionId, modelId })
    const outcome = await run.client.wait(settle(response), 'request', `the response to ${run.state.label}`)
    if (outcome.kind === 'error' && outcome.error.code === METHOD_NOT_FOUND)
      throw new NotApplicableError(
        `not applicable: the agent does not implement session/set_model (it answered ${outcome.error.code}: ` +
          `${outcome.error.message})`,
      )
    await run.request(step, response)
  },
})

function switchModelSchema() {
  return closedObject({ op: z.literal('switchModel'), ...named, ...sessionTarget, ...expectError }).meta({
    description:
      'session/set_model with a model the session offers other than the current one; a session offering none ' +
      'makes the case not applicable.',
  })
}
