// The session's config options as ACP shows them (session/new, session/load, set_config_option,
// config_option_update): `model` (the llm service's models) and `mode` (the session modes). Pure.
import { RequestError, type SessionConfigOption } from '@agentclientprotocol/sdk'
import { MODEL_OPTION, SESSION_MODES } from '../agent/index.ts'

export const MODE_OPTION = 'mode'

interface SessionChoices {
  modeId: string
  model: string
  /** The models the session can switch to, the current one included. */
  models: readonly string[]
}

export function configOptions(choices: SessionChoices): SessionConfigOption[] {
  return [
    {
      type: 'select',
      id: MODEL_OPTION,
      name: 'Model',
      description: 'The model that answers from the next request on.',
      category: 'model',
      currentValue: choices.model,
      options: choices.models.map((model) => ({ value: model, name: model })),
    },
    {
      type: 'select',
      id: MODE_OPTION,
      name: 'Mode',
      description: 'Which tools are offered and which calls ask first.',
      category: 'mode',
      currentValue: choices.modeId,
      options: SESSION_MODES.map(({ id, name, description }) => ({ value: id, name, description })),
    },
  ]
}

/**
 * session/set_config_option's choice, checked against the options the session has: an unknown
 * option or value is -32602 naming the valid ones.
 */
export function checkConfigChoice(options: SessionConfigOption[], configId: unknown, value: unknown): void {
  const option = options.find((candidate) => candidate.id === configId)
  if (!option) {
    const ids = options.map((candidate) => candidate.id)
    throw RequestError.invalidParams(
      { configId: configId ?? null, validConfigIds: ids },
      `session/set_config_option: unknown option ${JSON.stringify(configId)}; the options are ${ids.join(', ')}`,
    )
  }
  const values = option.type === 'select' ? selectValues(option.options) : []
  if (typeof value !== 'string' || !values.includes(value)) {
    throw RequestError.invalidParams(
      { configId, value: value ?? null, validValues: values },
      `session/set_config_option: ${JSON.stringify(value)} is not a value of "${option.id}"; ` +
        `the values are ${values.join(', ')}`,
    )
  }
}

function selectValues(options: Extract<SessionConfigOption, { type: 'select' }>['options']): string[] {
  return options.flatMap((entry) => ('group' in entry ? entry.options.map((option) => option.value) : [entry.value]))
}
