// The config option checks (pure), per ACP: the response to the client's own
// session/set_config_option carries the full state (no config_option_update is needed for it), and a
// refusal names what was wrong and what is valid. Both read the request a step sent from the wire,
// so they hold for the runner's generic switchConfigOption as for a literal setConfigOption.
import type { CaseCheck } from './case-schema.ts'
import { list, rpcError, show } from './check-text.ts'
import { configOptionsOf, parseOption } from './config-options.ts'
import { type CaseTrace, describeStep, isRecord, stepByName, type StepRecord } from './trace.ts'

type Check<K extends CaseCheck['check']> = Extract<CaseCheck, { check: K }>

/** The set_config_option request a step sent (its configId and value) and where it went. */
function sentBy(trace: CaseTrace, step: StepRecord) {
  const request = trace.wire.find(
    (e) => e.dir === 'out' && e.seq > step.startSeq && e.message.method === 'session/set_config_option',
  )
  const params = isRecord(request?.message.params) ? request.message.params : undefined
  if (!request || !params) return undefined
  return { seq: request.seq, sessionId: String(params.sessionId), configId: params.configId, value: params.value }
}

export function configOptionResponse(check: Check<'configOptionResponse'>, trace: CaseTrace): string | undefined {
  const step = stepByName(trace, check.step)
  if (!step?.outcome) return `${check.step} has no response`
  if (step.outcome.kind === 'error') return `${describeStep(step)} failed with ${rpcError(step.outcome.error)}`
  const sent = sentBy(trace, step)
  if (!sent) return `${describeStep(step)} sent no session/set_config_option`
  const result = isRecord(step.outcome.result) ? step.outcome.result : {}
  if (!Array.isArray(result.configOptions))
    return (
      `${describeStep(step)} answered ${show(step.outcome.result)}; ACP's response carries "configOptions", the ` +
      'full set of options and their current values (the client needs no config_option_update for its own change)'
    )
  const after = result.configOptions.flatMap((o) => parseOption(o) ?? [])
  const before = configOptionsOf(trace, sent.sessionId, sent.seq)
  const lost = before.filter((o) => !after.some((a) => a.id === o.id)).map((o) => o.id)
  if (lost.length)
    return `${describeStep(step)} answered a partial list: ${list(lost)} missing; the response carries every option`
  const set = after.find((o) => o.id === sent.configId)
  if (set?.currentValue !== sent.value)
    return (
      `${describeStep(step)} set ${show(sent.configId)} to ${show(sent.value)}, but its response says the current ` +
      `value is ${show(set?.currentValue)}`
    )
  return undefined
}

export function configOptionError(check: Check<'configOptionError'>, trace: CaseTrace): string | undefined {
  const step = stepByName(trace, check.step)
  if (!step?.outcome) return `${check.step} has no response`
  const sent = sentBy(trace, step)
  if (step.outcome.kind === 'ok')
    return `${describeStep(step)} succeeded with ${show(step.outcome.result)}; expected an error with code -32602`
  const { code, message } = step.outcome.error
  if (code !== -32602) return `${describeStep(step)} failed with ${rpcError(step.outcome.error)}; expected code -32602`
  if (!sent) return `${describeStep(step)} sent no session/set_config_option`
  const before = configOptionsOf(trace, sent.sessionId, sent.seq)
  const option = before.find((o) => o.id === sent.configId)
  // An unknown option: name it and the options there are; an unknown value: name it and the values.
  const words = option ? [String(sent.value), ...option.values] : [String(sent.configId), ...before.map((o) => o.id)]
  const missing = words.filter((w) => !message.toLowerCase().includes(w.toLowerCase()))
  return missing.length
    ? `${describeStep(step)} error message ${show(message, 300)} does not name ${list(missing, 8)} (the ` +
        `${option ? `value sent and the valid values of "${option.id}"` : 'option sent and the options there are'})`
    : undefined
}
