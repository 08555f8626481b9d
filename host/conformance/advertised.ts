// The `advertised` check (pure): what initialize's result says the agent offers, by a dotted path
// (`agentCapabilities.mcpCapabilities.http`, `authMethods.0.description`). Capability negotiation
// starts here: a case states what the agent advertises, and its other checks what it then does.
import { valueAt } from '../../lib/dotted-path.ts'
import type { CaseCheck } from './case-schema.ts'
import { rpcError, show } from './check-text.ts'
import type { CaseTrace } from './trace.ts'

type AdvertisedCheck = Extract<CaseCheck, { check: 'advertised' }>

export function advertised(check: AdvertisedCheck, trace: CaseTrace): string | undefined {
  const init = trace.initialize
  if (!init) return 'initialize never answered'
  if (init.kind === 'error') return `initialize failed with ${rpcError(init.error)}`
  const value = valueAt(init.result, check.path)
  if (value === undefined || value === null)
    return `initialize's result has nothing at ${check.path}; the agent must advertise it`
  if (check.equals !== undefined && JSON.stringify(value) !== JSON.stringify(check.equals))
    return `initialize's result has ${show(value)} at ${check.path}; expected ${show(check.equals)}`
  return undefined
}
