// The command table: help without loading, a command's module loaded when it runs.
import { describe, expect, it, vi } from 'vitest'
import type { CliCommand, CliIO } from './command.ts'
import { commands } from './commands.ts'
import { onDemand } from './on-demand.ts'

const io: CliIO = { stdout: () => {}, stderr: () => {}, env: {} }
const help = { name: 'demo', summary: 'a demo', options: {} }

describe('onDemand', () => {
  it('offers the help at once and loads the module on the first run only when asked', async () => {
    const run = vi.fn(async () => 7)
    const load = vi.fn(async (): Promise<CliCommand> => ({ ...help, run }))
    const command = onDemand(help, load)
    expect({ name: command.name, summary: command.summary, options: command.options }).toEqual(help)
    expect(load).not.toHaveBeenCalled()
    expect(await command.run({ values: {}, positionals: ['x'] }, io)).toBe(7)
    expect(run).toHaveBeenCalledWith({ values: {}, positionals: ['x'] }, io)
  })

  it('refuses a module whose command is not the one listed', async () => {
    const command = onDemand(help, async () => ({ ...help, name: 'other', run: async () => 0 }))
    await expect(command.run({ values: {}, positionals: [] }, io)).rejects.toThrow(
      'commands.ts lists "demo" but its module exports the command "other"',
    )
  })

  it('lists modules that export the commands it names', async () => {
    for (const command of commands) {
      // A name known only at run time; vite's dynamic-import analysis would warn about it.
      const loaded = await import(/* @vite-ignore */ `./${command.name}.ts`)
      const exported = Object.values(loaded).find(
        (value): value is CliCommand => typeof value === 'object' && value !== null && 'run' in value,
      )
      expect(exported?.name).toBe(command.name)
      expect(exported?.summary).toBe(command.summary)
    }
  })
})
