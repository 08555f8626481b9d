// Test-only plugin whose apply throws, and whose config must be { count: number }.
import type { Context } from 'cordis'
import { z } from 'zod'

export const name = 'test-failing'
export const Config = z.strictObject({ count: z.number().default(1), fail: z.boolean().default(true) })

export const apply = async (_ctx: Context, config: z.infer<typeof Config>) => {
  if (config.fail) throw new Error(`intentional apply failure (count ${config.count})`)
}
