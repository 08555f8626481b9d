// A plugin written by a scenario's author: it adds a count_words tool to dsh's tools service.
// This folder's cordis.patch.yml inserts it. It is plain JavaScript (no imports), so the
// in-process host and the compiled dsh of the subprocess host load it alike.
export const name = 'count-words'
export const inject = ['tools']

const countWords = {
  name: 'count_words',
  description: 'Count the words (runs of non-space characters) in a text.',
  parameters: {
    type: 'object',
    properties: { text: { type: 'string', description: 'The text whose words to count' } },
    required: ['text'],
    additionalProperties: false,
  },
  kind: 'other',
  needsApproval: false,
  title: () => 'count_words',
  run: async (args) => {
    if (typeof args.text !== 'string') return { output: 'Invalid arguments: "text" must be a string.', isError: true }
    const words = args.text.split(/\s+/).filter(Boolean).length
    return { output: `${words} word${words === 1 ? '' : 's'}`, isError: false }
  },
}

// An arrow function: Cordis calls a plain `function` apply with `new` (docs/design.md §1).
export const apply = (ctx) => {
  ctx.tools.register(countWords, ctx)
}
