// issue 14 item 6: `dsh test --subprocess` in replay and refresh starts the agent without the
// API key. A probe plugin in the child's composition writes the names of its variables.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest'
import { scratchProject } from '../test-support/scratch-project.ts'
import { runScenarios } from './run.ts'

const project = scratchProject('subprocess-env')
const probeFile = join(project.root, 'child-env.json')
afterAll(() => project.remove())

let savedKey: string | undefined
beforeEach(() => {
  savedKey = process.env.DEEPSEEK_API_KEY
  process.env.DEEPSEEK_API_KEY = 'sk-not-a-real-key'
})
afterEach(() => {
  if (savedKey === undefined) delete process.env.DEEPSEEK_API_KEY
  else process.env.DEEPSEEK_API_KEY = savedKey
})

writeFileSync(
  join(project.root, 'env-probe.mjs'),
  [
    "import { writeFileSync } from 'node:fs'",
    "export const name = 'env-probe'",
    'export const apply = (_ctx, config) => writeFileSync(config.file, ' +
      'JSON.stringify(Object.keys(process.env).sort()))',
  ].join('\n'),
)
writeFileSync(
  join(project.root, 'overlays', 'env-probe.cordis.yml'),
  `- insert:\n    - id: env-probe\n      name: ../env-probe.mjs\n      config: { file: ${JSON.stringify(probeFile)} ` +
    `}\n`,
)
project.scenario('probe', {
  manifest:
    'scenario: probe\ndescription: The agent process writes the names of its environment variables.\nrecording: ' +
    'authored\ncomposition: [env-probe]\n',
  input: { steps: [{ op: 'initialize' }] },
})

it.each(['refresh', 'replay'] as const)('a %s child gets no DEEPSEEK_API_KEY', async (mode) => {
  rmSync(probeFile, { force: true })
  const result = await runScenarios({ root: project.root, mode, subprocess: true })
  expect(result.outcomes.map((outcome) => [outcome.scenario, outcome.failures])).toEqual([['probe', []]])
  const names: string[] = JSON.parse(readFileSync(probeFile, 'utf8'))
  expect(names).toContain('PATH')
  expect(names).not.toContain('DEEPSEEK_API_KEY')
  expect(names).not.toContain('DEEPSEEK_BASE_URL')
})
