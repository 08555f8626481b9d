// Changing a live session's mode and model: checked, applied to its runtime, then logged
// (`mode/change`, `config/change`) so session/load restores them. Setting the current one logs nothing.
import type { SessionStore } from '../session/store.ts'
import { isModeId, MODE_IDS } from './modes.ts'
import { AgentRequestError } from './request-error.ts'
import type { SessionRuntime } from './session-runtime.ts'

/**
 * session/set_mode: the change applies from the next model call and the next approval, also
 * inside a running turn.
 */
export function changeMode(runtime: SessionRuntime, store: Pick<SessionStore, 'append'>, modeId: string): void {
  if (!isModeId(modeId))
    throw new AgentRequestError(`unknown mode "${modeId}"; the modes are ${MODE_IDS.join(', ')}`, 'unknown-mode')
  if (runtime.mode === modeId) return
  // The runtime changes first: listeners of the event (config_option_update) read the new state.
  runtime.mode = modeId
  store.append(runtime.header.id, 'mode/change', { modeId })
}

/** session/set_model, config option `model`, `/model`: one of `models`, applied from the next model request. */
export function changeModel(
  runtime: SessionRuntime,
  store: Pick<SessionStore, 'append'>,
  models: readonly string[],
  model: string,
): void {
  if (!models.includes(model))
    throw new AgentRequestError(`unknown model "${model}"; the models are ${models.join(', ')}`, 'unknown-model')
  if (runtime.model === model) return
  runtime.model = model
  store.append(runtime.header.id, 'config/change', { configId: 'model', value: model })
}
