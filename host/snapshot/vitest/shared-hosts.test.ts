// The per-worker registry of host compositions the scenario files share (the scenarios project's
// environment opens and closes it).
import { afterEach, describe, expect, it } from 'vitest'
import type { HostComposition } from '../run/host-composition.ts'
import { closeSharedHosts, openSharedHosts, sharedHost } from './shared-hosts.ts'

afterEach(() => closeSharedHosts())

function fakeHost(disposed: string[], name: string): HostComposition {
  return { dispose: async () => void disposed.push(name) } as unknown as HostComposition
}

describe('shared host compositions', () => {
  it('are not shared while no environment will dispose them', () => {
    expect(sharedHost('a', () => Promise.reject(new Error('never booted')))).toBeUndefined()
  })

  it('boot once per key, and are all disposed when the registry closes', async () => {
    openSharedHosts()
    const disposed: string[] = []
    let boots = 0
    const boot = (name: string) => () => {
      boots++
      return Promise.resolve(fakeHost(disposed, name))
    }
    const first = await sharedHost('a', boot('a'))
    expect(await sharedHost('a', boot('a again'))).toBe(first)
    await sharedHost('b', boot('b'))
    expect(boots).toBe(2)
    await closeSharedHosts()
    expect(disposed.sort()).toEqual(['a', 'b'])
    expect(sharedHost('a', boot('a'))).toBeUndefined()
  })

  it('forget a failed boot, so the next scenario boots again', async () => {
    openSharedHosts()
    await expect(sharedHost('a', () => Promise.reject(new Error('boot failed')))).rejects.toThrow('boot failed')
    const disposed: string[] = []
    await sharedHost('a', () => Promise.resolve(fakeHost(disposed, 'second')))
    await closeSharedHosts()
    expect(disposed).toEqual(['second'])
  })
})
