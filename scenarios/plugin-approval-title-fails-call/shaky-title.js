// A plugin written by a scenario's author, with a defect: its tool's approval title throws (an
// Error when asked "error", the value null when asked "null"). This folder's cordis.patch.yml
// inserts it. Plain JavaScript (no imports), so both hosts load it alike.
export const name = 'shaky-title'
export const inject = ['tools']

const shakyTitle = {
  name: 'shaky_title',
  description: 'Stamp a release; the approval dialog names it.',
  parameters: {
    type: 'object',
    properties: { how: { type: 'string', description: 'How the title fails: error or null' } },
    required: ['how'],
    additionalProperties: false,
  },
  kind: 'other',
  needsApproval: true,
  title: () => 'shaky_title',
  approvalTitle: async (args) => {
    if (args.how === 'null') throw null
    throw new Error('the release server is not configured')
  },
  run: async () => ({ output: 'stamped', isError: false }),
}

// An arrow function: Cordis calls a plain `function` apply with `new` (docs/design.md §1).
export const apply = (ctx) => {
  ctx.tools.register(shakyTitle, ctx)
}
