// The unstable capabilities read from the raw initialize (the SDK's stable parse drops them).
import { describe, expect, it } from 'vitest'
import { unstableCapabilities } from './unstable-capabilities.ts'

const initialize = (clientCapabilities: unknown) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: 1, clientCapabilities },
})

describe('unstable client capabilities', () => {
  it('keeps an advertised subagents object as sent', () => {
    expect(unstableCapabilities(initialize({ subagents: {} }))).toEqual({ subagents: {} })
    expect(unstableCapabilities(initialize({ subagents: { _meta: { x: 1 } } }))).toEqual({
      subagents: { _meta: { x: 1 } },
    })
  })

  it('reads none from an initialize without it, or with a non-object', () => {
    expect(unstableCapabilities(initialize({ fs: { readTextFile: true } }))).toEqual({})
    expect(unstableCapabilities(initialize({ subagents: null }))).toEqual({})
    expect(unstableCapabilities(initialize({ subagents: true }))).toEqual({})
    expect(unstableCapabilities({ jsonrpc: '2.0', id: 1, method: 'initialize' })).toEqual({})
  })

  it('ignores any other message', () => {
    expect(unstableCapabilities({ jsonrpc: '2.0', id: 2, method: 'session/new', params: {} })).toBeUndefined()
    expect(unstableCapabilities({ jsonrpc: '2.0', method: 'initialize', params: {} })).toBeUndefined()
    expect(unstableCapabilities({ jsonrpc: '2.0', id: 1, result: {} })).toBeUndefined()
  })
})
