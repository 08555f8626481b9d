import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { CommandRegistry, parseCommandLine } from './commands.ts'

const text = (value: string) => [{ type: 'text' as const, text: value }]

describe('parseCommandLine', () => {
  it('reads /name and the rest of the first text block', () => {
    expect(parseCommandLine(text('/mode read-only'))).toEqual({ name: 'mode', input: 'read-only' })
    expect(parseCommandLine(text('  /clear  '))).toEqual({ name: 'clear', input: '' })
    expect(parseCommandLine(text('/note line one\nline two'))).toEqual({ name: 'note', input: 'line one\nline two' })
  })

  it('is no command for text before the slash, a path, or a first block that is not text', () => {
    expect(parseCommandLine(text('please /mode ask'))).toBeUndefined()
    expect(parseCommandLine(text('/usr/bin is a folder'))).toBeUndefined()
    expect(parseCommandLine([{ type: 'resource_link', uri: 'file:///a', name: 'a' }])).toBeUndefined()
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
