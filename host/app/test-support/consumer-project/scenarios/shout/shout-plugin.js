// A plugin of this project: a shout tool, a /shout slash command for dsh's agent, and /headline, which asks
// the model for a headline with a call of its own (purpose `headline`), recorded and replayed by that purpose.
import { okResult } from 'dsh/plugins/tools'

export const name = 'shout'
export const inject = ['tools', 'agent']

export const apply = (ctx) => {
  ctx.tools.register(
    {
      name: 'shout',
      description: 'Repeat a text in capital letters.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      kind: 'other',
      needsApproval: false,
      title: () => 'shout',
      run: async (args) => okResult(String(args.text).toUpperCase()),
    },
    ctx,
  )
  ctx.agent.commands.register(
    {
      name: 'shout',
      description: 'Say a text back in capital letters',
      hint: 'text',
      run: (text) => text.toUpperCase(),
    },
    ctx,
  )
  ctx.agent.commands.register(
    {
      name: 'headline',
      description: 'Ask the model for a headline, in capital letters',
      hint: 'topic',
      run: async (topic, { sessionId }) => {
        const answer = await ctx.agent.ask(sessionId, { purpose: 'headline', prompt: `A five-word headline: ${topic}` })
        return answer.toUpperCase()
      },
    },
    ctx,
  )
}
