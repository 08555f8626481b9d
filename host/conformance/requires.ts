// A case's `requires`: what the agent must advertise at initialize for the case to apply. An
// agent that does not advertise it is not failed but told the case is not applicable, since ACP
// makes the capability optional. The runner's own steps raise the same outcome for what an agent
// offers per session (config options, models). Pure.
import { valueAt } from '../../lib/dotted-path.ts'

/** The case does not apply to this agent; the message says what it does not advertise. */
export class NotApplicableError extends Error {
  override name = 'NotApplicableError'
}

/** Whether a value counts as advertised: present, and not null or false (an empty object is a capability). */
const isAdvertised = (value: unknown): boolean => value !== undefined && value !== null && value !== false

/** Why the case does not apply to an agent whose initialize answered `result`, or undefined when it does. */
export function missingRequirement(requires: readonly string[] | undefined, result: unknown): string | undefined {
  const missing = (requires ?? []).filter((path) => !isAdvertised(valueAt(result, path)))
  if (!missing.length) return undefined
  return (
    `not applicable: the agent does not advertise ${missing.join(', ')} at initialize, and the case checks ` +
    `behaviour ACP asks only of agents that do`
  )
}
