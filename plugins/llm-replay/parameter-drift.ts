// The request parameters besides the history (issue 41 item 1): the model call's maxTokens and
// adapter options (its `model/request` record), and the system prompt and tools when the log holds
// them as text (a normalized fixture holds `{{system}}` / `{{tools}}`: the host's header pin checks
// those). Each difference names its parameter. Pure.
import type { LlmRequest } from '../llm/types.ts'
import type { RecordedParameters } from './derive.ts'
import { canonical } from './message-form.ts'

/** The recorded request/header of the call, as logged (the tokens of a fixture, or the text). */
interface RecordedHeader {
  system?: unknown
  tools?: unknown
}

type LiveParameters = Pick<LlmRequest, 'maxTokens' | 'options'> &
  Partial<Pick<LlmRequest, 'system' | 'tools' | 'messages'>>

/** Writes the cwd of one side as `{{cwd}}`, so raw text compares across machines. */
type Collapse = ((text: string) => string) | undefined

export function parameterDrift(
  recorded: { parameters?: RecordedParameters; header?: RecordedHeader },
  live: LiveParameters,
  collapse: { recorded: Collapse; live: Collapse },
): string | undefined {
  const differences: string[] = []
  if (recorded.parameters) {
    const was = recorded.parameters.maxTokens
    const now = live.maxTokens ?? null
    if (was !== now) differences.push(`maxTokens: recorded ${was ?? 'none'}, live ${now ?? 'none'}`)
    const options = [recorded.parameters.options, live.options].map((value) => (value ? canonical(value) : 'none'))
    if (options[0] !== options[1]) differences.push(`adapter options: recorded ${options[0]}, live ${options[1]}`)
    const { system, messages } = recorded.parameters
    if (system !== undefined && apply(collapse.recorded, system) !== apply(collapse.live, live.system ?? ''))
      differences.push('system prompt: the live one differs from the recorded model/request')
    const sent = (side: Collapse, value: unknown) => apply(side, canonical(value))
    if (messages && sent(collapse.recorded, messages) !== sent(collapse.live, live.messages ?? []))
      differences.push(`messages: recorded ${messages.length}, live ${live.messages?.length ?? 0}, and they differ`)
  }
  const header = recorded.header
  if (typeof header?.system === 'string' && header.system !== '{{system}}' && live.system !== undefined) {
    if (apply(collapse.recorded, header.system) !== apply(collapse.live, live.system))
      differences.push('system prompt: the live one differs from the recorded request/header')
  }
  if (Array.isArray(header?.tools) && live.tools !== undefined) {
    const names = (tools: ReadonlyArray<{ name?: unknown }>) => tools.map((tool) => String(tool.name)).join(', ')
    if (apply(collapse.recorded, canonical(header.tools)) !== apply(collapse.live, canonical(live.tools)))
      differences.push(`tools: recorded [${names(header.tools)}], live [${names(live.tools)}]`)
  }
  if (!differences.length) return undefined
  return (
    `the request parameters differ: ${differences.join('; ')}. The agent now asks the model with other ` +
    'parameters than when the session was recorded'
  )
}

function apply(collapse: Collapse, text: string): string {
  return collapse ? collapse(text) : text
}
