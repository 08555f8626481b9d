import type { RequestPermissionRequest } from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { PermissionQueue } from './permission-queue.ts'

const request: RequestPermissionRequest = {
  sessionId: 's',
  toolCall: { toolCallId: 'call_1' },
  options: [
    { optionId: 'allow_once', name: 'Allow once', kind: 'allow_once' },
    { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
  ],
}

describe('PermissionQueue', () => {
  it('answers queued kinds in order with the matching option, then cancelled when empty', async () => {
    const queue = new PermissionQueue(['reject_once', 'allow_once'])
    expect(await queue.answer(request)).toEqual({ outcome: { outcome: 'selected', optionId: 'reject_once' } })
    expect(await queue.answer(request)).toEqual({ outcome: { outcome: 'selected', optionId: 'allow_once' } })
    expect(await queue.answer(request)).toEqual({ outcome: { outcome: 'cancelled' } })
    expect(queue.unused()).toEqual([])
    expect(queue.problems).toEqual([])
  })

  it('holds a request open until the agent withdraws it, then answers cancelled', async () => {
    const queue = new PermissionQueue(['hold', 'allow_once'])
    const withdrawn = new AbortController()
    let settled = false
    const held = Promise.resolve(queue.answer(request, withdrawn.signal)).then((response) => {
      settled = true
      return response
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)
    expect(queue.unused()).toEqual(['allow_once'])
    withdrawn.abort()
    expect(await held).toEqual({ outcome: { outcome: 'cancelled' } })
  })

  it('reports a queued kind the agent did not offer', async () => {
    const queue = new PermissionQueue(['allow_always'])
    expect(await queue.answer(request)).toEqual({ outcome: { outcome: 'cancelled' } })
    expect(queue.problems[0]).toContain('"allow_always", but the agent offered only allow_once, reject_once')
  })
})
