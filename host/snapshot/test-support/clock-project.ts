// A scratch project with a nondeterministic tool: a plugin beside the scenario adds `clock`, whose
// JSON result holds the time and a fresh id on every call (normalize-rules.test.ts, drift-class.test.ts).
// `setTool` makes its answer steady instead, to record it and then change it for good (a regression).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { textReply, toolCallReply } from '../../../lib/model-wire/index.ts'
import { scratchProject, type ScratchProject } from './scratch-project.ts'

export const CLOCK = 'clock'

// The plugin is a folder (index.js, steady.txt); the answer is read per call, as a module is imported once.
export const CLOCK_PLUGIN = `// A tool whose answer differs on every call (the time, an id),
// unless steady.txt holds one.
import { readFileSync } from 'node:fs'
export const name = 'clock'
export const inject = ['tools']
let calls = 0
const steady = () => readFileSync(new URL('./steady.txt', import.meta.url), 'utf8')
const clock = {
  name: 'clock',
  description: 'The current time.',
  parameters: { type: 'object', properties: {}, additionalProperties: false },
  kind: 'other',
  needsApproval: false,
  title: () => 'clock',
  run: async () => {
    const now = steady() || new Date(Date.now() + ++calls).toISOString() + Math.random().toString(36).slice(2, 8)
    return { output: JSON.stringify({ now, zone: 'UTC' }), isError: false }
  },
}
export const apply = (ctx) => {
  ctx.tools.register(clock, ctx)
}
`

/** The `clock` scenario, its tool nondeterministic until `setTool` gives it a steady answer. */
export function clockProject(label: string): ScratchProject & { setTool(steady: string): void } {
  const project = scratchProject(label)
  const dir = project.scenario(CLOCK, {
    manifest:
      `scenario: ${CLOCK}\ndescription: The model asks a clock tool the time.\nrecording: stub\n` +
      'header:\n  class: clock\n  pin: true\n',
    input: {
      steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: 'time?' }],
    },
    extra: {
      'cordis.patch.yml': '- insert:\n    - { id: clock, name: ./clock }\n  after: tools\n',
      'clock/index.js': CLOCK_PLUGIN,
      'clock/steady.txt': '',
    },
  })
  project.modelScript(CLOCK, [
    toolCallReply([{ id: 'call_00_clock', name: 'clock', arguments: '{}' }]),
    textReply('Now.'),
  ])
  return { ...project, setTool: (steady) => writeFileSync(join(dir, 'clock', 'steady.txt'), steady) }
}
