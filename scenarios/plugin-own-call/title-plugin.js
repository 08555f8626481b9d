// A plugin written by a scenario's author: a /title slash command that asks the session's model for a
// title with a call of its own (purpose `title`; ctx.agent.ask), recorded and replayed by that purpose.
// This folder's cordis.patch.yml inserts it. Plain JavaScript (no imports), so both hosts load it alike.
export const name = 'title-command'
export const inject = ['agent']

// An arrow function: Cordis calls a plain `function` apply with `new` (docs/design.md §1).
export const apply = (ctx) => {
  ctx.agent.commands.register(
    {
      name: 'title',
      description: 'Ask the model for a short title of the conversation',
      run: async (_input, { sessionId }) => {
        const answer = await ctx.agent.ask(sessionId, {
          purpose: 'title',
          system: 'You write titles of at most five words.',
          prompt: 'A title for a conversation about mutexes.',
        })
        return `Title: ${answer}`
      },
    },
    ctx,
  )
}
