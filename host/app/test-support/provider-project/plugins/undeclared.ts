// An adapter registered the older way: it says nothing about itself, so the replay overlay cannot
// know to turn it off, and dsh's guard refuses to replay beside it, naming its entry.
import type { Context } from 'cordis'

export const name = 'undeclared'
export const inject = ['llm']

export function apply(ctx: Context) {
  ctx.llm.register(
    ['side-model'],
    async function* () {
      yield { type: 'finish', reason: 'stop' } as const
    },
    ctx,
  )
}
