import { describe, expect, it } from 'vitest'
import { builder, check, failed, ok } from './test-support/trace-builder.ts'

const option = (id: string, currentValue: string, values: string[], category?: string) => ({
  id,
  name: id,
  ...(category ? { category } : {}),
  type: 'select',
  currentValue,
  options: values.map((value) => ({ value, name: value })),
})

/** session/new offered brain (alpha|beta) and tone (calm|lively); then `name` set brain to `value`. */
function afterSet(value: string, outcome: ReturnType<typeof ok>, configId = 'brain') {
  const b = builder()
  const wire = b.trace.wire
  let seq = 100
  const push = (dir: 'in' | 'out', message: Record<string, unknown>) => wire.push({ seq: ++seq, at: seq, dir, message })
  push('out', { jsonrpc: '2.0', id: 1, method: 'session/new', params: { cwd: '/w', mcpServers: [] } })
  push('in', {
    jsonrpc: '2.0',
    id: 1,
    result: {
      sessionId: 'id-1',
      configOptions: [option('brain', 'alpha', ['alpha', 'beta'], 'model'), option('tone', 'calm', ['calm', 'lively'])],
    },
  })
  const step = b.step('switchConfigOption', 'set')
  step.startSeq = ++seq
  const params = { sessionId: 'id-1', configId, value }
  push('out', { jsonrpc: '2.0', id: 2, method: 'session/set_config_option', params })
  b.end(step, outcome)
  step.endSeq = ++seq
  return b.trace
}

describe('config option checks (ACP: the response is the full state)', () => {
  const full = (brain: string) => ({
    configOptions: [option('brain', brain, ['alpha', 'beta']), option('tone', 'calm', ['calm', 'lively'])],
  })

  it('passes a response with every option, the one set showing its value, and no notification', () => {
    expect(check({ check: 'configOptionResponse', step: 'set' }, afterSet('beta', ok(full('beta'))))).toBeUndefined()
  })

  it('fails a response without the state, a partial one, and one that did not take the value', () => {
    expect(check({ check: 'configOptionResponse', step: 'set' }, afterSet('beta', ok({})))).toMatch(
      /answered \{\}; ACP's response carries "configOptions"/,
    )
    const partial = ok({ configOptions: [option('brain', 'beta', ['alpha', 'beta'])] })
    expect(check({ check: 'configOptionResponse', step: 'set' }, afterSet('beta', partial))).toMatch(
      /answered a partial list: "tone" missing/,
    )
    expect(check({ check: 'configOptionResponse', step: 'set' }, afterSet('beta', ok(full('alpha'))))).toMatch(
      /set "brain" to "beta", but its response says the current value is "alpha"$/,
    )
  })

  it('wants a refusal to name the unknown value and the valid ones, or the unknown option and the options', () => {
    const badValue = afterSet('gamma', failed(-32602, 'gamma is not a brain; values: alpha, beta'))
    expect(check({ check: 'configOptionError', step: 'set' }, badValue)).toBeUndefined()
    const vague = afterSet('gamma', failed(-32602, 'Invalid params'))
    expect(check({ check: 'configOptionError', step: 'set' }, vague)).toMatch(
      /does not name "gamma", "alpha", "beta" \(the value sent and the valid values of "brain"\)$/,
    )
    const badOption = afterSet('alpha', failed(-32602, 'no option colour; options: brain'), 'colour')
    expect(check({ check: 'configOptionError', step: 'set' }, badOption)).toMatch(
      /does not name "tone" \(the option sent and the options there are\)$/,
    )
  })
})
