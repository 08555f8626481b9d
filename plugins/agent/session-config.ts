// The session's model choice (ACP config option `model`, session/set_model, `/model`): the log
// keeps each change as `config/change`, so session/load restores the last one. Pure.
import type { SessionEvent } from '../session/events.ts'

/** The config option ids the agent applies itself; `mode` changes are logged as `mode/change`. */
export const MODEL_OPTION = 'model'

/** The model a persisted log leaves the session on: its last `config/change` of `model`, else `fallback`. */
export function modelOfLog(events: readonly Pick<SessionEvent, 'type' | 'data'>[], fallback: string): string {
  let model = fallback
  for (const event of events) {
    if (event.type !== 'config/change') continue
    const { configId, value } = event.data as SessionEvent<'config/change'>['data']
    if (configId === MODEL_OPTION && typeof value === 'string' && value) model = value
  }
  return model
}

/** The models a session can pick: the llm service's, plus its current one (a replayed or renamed model). */
export function selectableModels(registered: readonly string[], current: string): string[] {
  return [...new Set([...registered, current])].sort()
}
