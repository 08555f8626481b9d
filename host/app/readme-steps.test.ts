// README "Use dsh in your own project" shows the very files and commands that
// use-in-project.e2e.test.ts runs, so following the README is following a tested path.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageFile } from '../../lib/package-root.ts'

const readme = readFileSync(packageFile('README.md'), 'utf8')
const section = readme.slice(readme.indexOf('## Use dsh in your own project'))
const fixture = packageFile('host', 'app', 'test-support', 'consumer-project')
const shown = [
  'cordis.yml',
  'tests/dsh.test.js',
  ...readdirSync(join(fixture, 'scenarios', 'shout')).map((f) => `scenarios/shout/${f}`),
]

describe('README "Use dsh in your own project"', () => {
  it('exists', () => {
    expect(readme).toContain('\n## Use dsh in your own project\n')
  })

  it.each(shown)('shows %s exactly as the end-to-end test writes it', (file) => {
    const text = readFileSync(join(fixture, file), 'utf8')
    const label = file.endsWith('.json')
      ? `\`${file}\`:\n\n\`\`\`json\n`
      : `${file.endsWith('.js') ? '//' : '#'} ${file}\n`
    expect(section, `README lacks ${relative(packageFile(), join(fixture, file))} verbatim`).toContain(
      `${label}${text}`,
    )
  })

  it.each([
    'npm install /tmp/dsh-0.1.0.tgz',
    'DSH_SNAPSHOT_FILE=scenarios/text-turn/session.jsonl npx dsh prompt "Say hello in a few words."',
    'npx dsh --patch echo',
    'npx dsh conformance --agent-command "npx dsh --patch echo"',
    'npx dsh conformance --agent-command "npx dsh --patch echo" --profile dsh',
    'npx dsh test text-turn --config cordis.yml',
    'npx vitest run',
    'npx dsh test shout --config cordis.yml --mode record --stub',
    'npx dsh test shout --config cordis.yml\n',
    'npx dsh test shout --config cordis.yml --subprocess',
    'npx dsh test --mode record --stub',
    'name: dsh/plugins/llm-openai, disabled: true, config: { preset: openrouter',
  ])('gives the command %j', (command) => {
    expect(section).toContain(command)
  })
})
