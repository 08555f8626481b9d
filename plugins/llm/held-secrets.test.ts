// issue 43, leak 5: the keys the running adapters read are what the agent redacts from tool results.
// A key goes with the plugin that registered it; an unset one is not listed; a stand-in reads none.
import { Context } from 'cordis'
import { afterEach, expect, it, vi } from 'vitest'
import LlmService from './index.ts'

let ctx: Context
afterEach(async () => {
  await ctx?.fiber.dispose()
})

const stream = async function* () {}

it('lists the keys the running adapters read now, until the registering plugin goes', async () => {
  ctx = new Context()
  await ctx.plugin(LlmService)
  vi.stubEnv('HELD_TEST_API_KEY', undefined)
  const fiber = await ctx.plugin({
    name: 'adapter',
    inject: ['llm'],
    apply: (child: Context) => {
      child.llm.register({ label: 'A', models: ['a'], network: true, key: { env: 'HELD_TEST_API_KEY' }, stream }, child)
      // Replay standing in for an adapter reads no key, even one that is set.
      const standIn = {
        label: 'B',
        models: ['b'],
        network: false,
        standsInFor: 'b',
        key: { env: 'HELD_OTHER_API_KEY' },
      }
      child.llm.register({ ...standIn, stream }, child)
    },
  })
  vi.stubEnv('HELD_OTHER_API_KEY', 'sk-not-read')
  expect(ctx.llm.heldSecrets()).toEqual([])
  vi.stubEnv('HELD_TEST_API_KEY', '  sk-held-in-memory \n')
  expect(ctx.llm.heldSecrets()).toEqual(['sk-held-in-memory'])
  await fiber.dispose()
  expect(ctx.llm.heldSecrets()).toEqual([])
})
