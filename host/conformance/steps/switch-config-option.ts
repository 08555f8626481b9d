// The runner's generic session/set_config_option: it picks an option the session offers (by id,
// by category, or the first select with a choice) and a value other than the current one, so a
// case names no agent's own models or modes. A session that offers no such option makes the case
// not applicable. `value` and `unknownOption` send a value or an option id the agent must refuse.
import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'
import { checkTarget, describeTarget, expectError, named, sessionTarget } from '../../../lib/acp-script/fields.ts'
import { defineStep } from '../../../lib/acp-script/step-kind.ts'
import { closedObject } from '../../../lib/closed-object.ts'
import { configOptionsOf, otherValue, type ConfigOption } from '../config-options.ts'
import { NotApplicableError } from '../requires.ts'
import type { CaseHost } from './case-host.ts'

/** The option id sent by `unknownOption`: no agent offers it. */
const UNKNOWN_OPTION_ID = 'conformance-no-such-option'

export const switchConfigOptionStep = defineStep<ReturnType<typeof switchSchema>, CaseHost>({
  schema: switchSchema(),
  check: checkTarget,
  describe: (step) =>
    `${describeTarget(step)} ${step.unknownOption ? UNKNOWN_OPTION_ID : (step.configId ?? step.category ?? 'any')}` +
    (step.value !== undefined ? `=${step.value}` : ''),
  async run(step, run) {
    const sessionId = run.sessionOf(step)
    run.state.sessionId = sessionId
    const options = configOptionsOf(run.client.host.recorder.trace, sessionId)
    const option = pickOption(options, step)
    const value = step.value ?? otherValue(option.values, option.currentValue)!
    const configId = step.unknownOption ? UNKNOWN_OPTION_ID : option.id
    await run.request(
      step,
      run.client.agent.request(acp.methods.agent.session.setConfigOption, { sessionId, configId, value }),
    )
  },
})

function pickOption(options: ConfigOption[], step: { configId?: string; category?: string }): ConfigOption {
  const switchable = options.filter((o) => o.values.length >= 2)
  const option = switchable.find((o) =>
    step.configId !== undefined ? o.id === step.configId : step.category === undefined || o.category === step.category,
  )
  if (option) return option
  const wanted =
    step.configId !== undefined
      ? ` "${step.configId}"`
      : step.category !== undefined
        ? ` of category "${step.category}"`
        : ''
  const offered = options.length ? options.map((o) => `${o.id} (${o.values.length} values)`).join(', ') : 'none'
  throw new NotApplicableError(
    `not applicable: the session offers no select config option${wanted} with two values or more to switch ` +
      `between (config options offered: ${offered})`,
  )
}

function switchSchema() {
  return closedObject({
    op: z.literal('switchConfigOption'),
    ...named,
    ...sessionTarget,
    configId: z.string().min(1).optional().meta({ description: 'The option to switch (default: by category).' }),
    category: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'The option of this category, e.g. "model" (default: the first select with a choice).' }),
    value: z
      .string()
      .optional()
      .meta({ description: 'Send this value instead of another valid one (to test a refusal).' }),
    unknownOption: z
      .literal(true)
      .optional()
      .meta({ description: `Send the option id "${UNKNOWN_OPTION_ID}" with a valid value (to test a refusal).` }),
    ...expectError,
  }).meta({
    description:
      'session/set_config_option on an option the session offers, to a value other than the current one; a ' +
      'session offering none makes the case not applicable.',
  })
}
