// A plugin of this project: a shout tool and a /shout slash command for dsh's agent.
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
}
