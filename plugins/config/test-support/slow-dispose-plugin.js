// Test-only plugin: marks when it started and, after a delay, when its async disposer finished.
// Plain JavaScript, so the built `dsh` loads it (the shutdown tests run it as a real process).
import { writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'

export const name = 'test-slow-dispose'

export const Config = z.strictObject({
  /** Written by apply: the composition has booted (and the CLI's signal handlers are installed). */
  readyFile: z.string().optional(),
  /** Written by the disposer after `delayMs`: proves disposal finished before the process exited. */
  disposedFile: z.string(),
  delayMs: z.coerce.number().int().nonnegative().default(300),
  /** Throw from the disposer instead of writing, to test how disposer errors are reported. */
  failOnDispose: z.boolean().default(false),
  /** console.log a line in apply: `dsh serve` must route it to stderr, never stdout. */
  consoleLog: z.boolean().default(false),
})

/**
 * @param {import('cordis').Context} ctx
 * @param {import('zod').infer<typeof Config>} config
 */
export const apply = (ctx, config) => {
  ctx.effect(
    () => async () => {
      await sleep(config.delayMs)
      if (config.failOnDispose) throw new Error('intentional disposer failure')
      writeFileSync(config.disposedFile, `disposed after ${config.delayMs}ms\n`)
    },
    'slow disposer',
  )
  if (config.consoleLog) console.log('test-slow-dispose: applied')
  if (config.readyFile) writeFileSync(config.readyFile, 'ready\n')
}
