import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { CommandRegistry } from './commands.ts'

const text = (value: string) => [{ type: 'text' as const, text: value }]

describe('a command line', () => {
  const registry = new CommandRegistry(new Context())
  for (const name of ['mode', 'clear', 'note', 'usr']) registry.register({ name, description: name, run: () => '' })
  const parsed = (content: Parameters<CommandRegistry['match']>[0]) => {
    const call = registry.match(content)
    return call && { name: call.command.name, input: call.input }
  }

  it('reads /name and the rest of the first text block', () => {
    expect(parsed(text('/mode read-only'))).toEqual({ name: 'mode', input: 'read-only' })
    expect(parsed(text('  /clear  '))).toEqual({ name: 'clear', input: '' })
    expect(parsed(text('/note line one\nline two'))).toEqual({ name: 'note', input: 'line one\nline two' })
  })

  it('is no command for text before the slash, a path, or a first block that is not text', () => {
    expect(parsed(text('please /mode ask'))).toBeUndefined()
    expect(parsed(text('/usr/bin is a folder'))).toBeUndefined()
    expect(parsed([{ type: 'resource_link', uri: 'file:///a', name: 'a' }])).toBeUndefined()
  })
})

describe('CommandRegistry', () => {
  it('matches registered commands only, and forgets a command when its plugin stops', async () => {
    const root = new Context()
    const registry = new CommandRegistry(root)
    const fiber = await root.plugin((ctx: Context) => {
      registry.register({ name: 'hello', description: 'Say hello', run: () => 'hi' }, ctx)
    })
    expect(registry.match(text('/hello you'))?.input).toBe('you')
    expect(registry.match(text('/other'))).toBeUndefined()
    expect(() => registry.register({ name: 'hello', description: 'again', run: () => '' })).toThrow(/already/)
    expect(() => registry.register({ name: '/bad', description: 'slash', run: () => '' })).toThrow(/must match/)
    await fiber.dispose()
    expect(registry.list()).toEqual([])
  })
})
