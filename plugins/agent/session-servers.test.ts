// A client that goes away detaches its sessions' servers without waiting (plugins/acp/connection.ts);
// a scope left or a composition stopped right after must still wait for those servers to end.
import type { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import type { McpServerSet, McpServerSpec } from '../mcp/index.ts'
import { SessionServers } from './session-servers.ts'

/** A server set whose close ends only when the test says so. */
function slowSet(): { set: McpServerSet; end: () => void; ended: () => boolean } {
  let end = () => {}
  let ended = false
  const closed = new Promise<void>((resolve) => {
    end = () => {
      ended = true
      resolve()
    }
  })
  const set = { tools: [], failures: [], onFailure: () => {}, close: () => closed }
  // A test double: only what SessionServers touches.
  return { set: set as unknown as McpServerSet, end, ended: () => ended }
}

describe('SessionServers.detachAll', () => {
  it('waits for a detach already under way, whose set it no longer holds', async () => {
    const slow = slowSet()
    const ctx = { mcp: { connect: async () => slow.set } } as unknown as Context
    const servers = new SessionServers(ctx)
    const spec: McpServerSpec = { transport: 'stdio', name: 'fx', key: 'fx', command: 'node', args: [], env: {} }
    await servers.attach('s1', { specs: [spec] }, '/tmp', () => {})

    void servers.detach('s1') // the client went away: nobody awaits this one
    let all = false
    const detachedAll = servers.detachAll().then(() => {
      all = true
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(all).toBe(false)
    slow.end()
    await detachedAll
    expect(slow.ended()).toBe(true)
    expect(servers.toolsOf('s1')).toEqual([])
  })
})
