// A scratch project with a nondeterministic tool: a plugin beside the scenario adds `clock`, whose
// JSON result holds the time and a fresh id on every call (normalize-rules.test.ts, drift
// classification). `regression` makes the tool's output change in a stable way instead.
import { textReply, toolCallReply } from '../../../lib/model-wire/index.ts'
import { scratchProject, type ScratchProject } from './scratch-project.ts'

export const CLOCK = 'clock'

const plugin = (
  steady: string,
) => `// A tool whose answer differs on every call (the time, an id), unless STEADY is set.
export const name = 'clock'
export const inject = ['tools']
const STEADY = ${JSON.stringify(steady)}
let calls = 0
const clock = {
  name: 'clock',
  description: 'The current time.',
  parameters: { type: 'object', properties: {}, additionalProperties: false },
  kind: 'other',
  needsApproval: false,
  title: () => 'clock',
  run: async () => {
    const now = STEADY || new Date(Date.now() + ++calls).toISOString() + Math.random().toString(36).slice(2, 8)
    return { output: JSON.stringify({ now, zone: 'UTC' }), isError: false }
  },
}
export const apply = (ctx) => {
  ctx.tools.register(clock, ctx)
}
`

/** The `clock` scenario; `steady` (a fixed answer) turns the tool deterministic, to make a regression. */
export function clockProject(label: string): ScratchProject & { setTool(steady: string): void } {
  const project = scratchProject(label)
  const write = (steady: string) =>
    project.scenario(CLOCK, {
      manifest:
        `scenario: ${CLOCK}\ndescription: The model asks a clock tool the time.\nrecording: stub\n` +
        'header:\n  class: clock\n  pin: true\n',
      input: {
        steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: 'time?' }],
      },
      extra: {
        'cordis.patch.yml': '- insert:\n    - { id: clock, name: ./clock.js }\n  after: tools\n',
        'clock.js': plugin(steady),
      },
    })
  write('')
  project.modelScript(CLOCK, [
    toolCallReply([{ id: 'call_00_clock', name: 'clock', arguments: '{}' }]),
    textReply('Now.'),
  ])
  return { ...project, setTool: write }
}
