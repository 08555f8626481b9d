// issue 43, leak 5: adapters declare the secrets they hold to the llm service; the agent asks for them
// to redact tool results. A secret goes with the plugin that declared it; an unset one is not listed.
import { Context } from 'cordis'
import { afterEach, expect, it } from 'vitest'
import LlmService from './index.ts'

let ctx: Context
afterEach(async () => {
  await ctx?.fiber.dispose()
})

it('lists the secrets held now, each read when asked, until the declaring plugin goes', async () => {
  ctx = new Context()
  await ctx.plugin(LlmService)
  let key: string | undefined
  const fiber = await ctx.plugin({
    name: 'adapter',
    inject: ['llm'],
    apply: (child: Context) => {
      child.llm.holdSecret(() => key, child)
    },
  })
  expect(ctx.llm.heldSecrets()).toEqual([])
  key = '  sk-held-in-memory \n'
  expect(ctx.llm.heldSecrets()).toEqual(['sk-held-in-memory'])
  await fiber.dispose()
  expect(ctx.llm.heldSecrets()).toEqual([])
})
