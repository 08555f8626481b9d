import { describe, expect, it } from 'vitest'
import { NamedError } from '../../../lib/named-error.ts'
import { BootError } from '../../../plugins/config/boot.ts'
import { describeFailure } from './describe-failure.ts'

describe('describeFailure', () => {
  it('shows a boot failure whose cause says it all (a named error) without a stack, a crash with its stack', () => {
    const named = new BootError('boot failed for cordis.yml:\n  entry "llm-replay": no log', {
      cause: new NamedError('no log'),
    })
    expect(describeFailure(named)).toBe('dsh: boot failed for cordis.yml:\n  entry "llm-replay": no log')
    const crash = new TypeError('x is undefined')
    const crashed = describeFailure(new BootError('boot failed for cordis.yml', { cause: crash }))
    expect(crashed).toBe(`dsh: boot failed for cordis.yml\n${crash.stack}`)
  })

  it('shows a named error by its message alone (the host refusing a composition, say), a crash with its stack', () => {
    expect(describeFailure(new NamedError('snapshot host refuses to start: …'))).toBe(
      'dsh: snapshot host refuses to start: …',
    )
    const crash = new Error('boom')
    expect(describeFailure(crash)).toBe(`dsh: ${crash.stack}`)
  })
})
