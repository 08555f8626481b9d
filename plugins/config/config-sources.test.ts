// Where each effective config value was written: file:line:column through overlays (issue 14 item 11).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { locateIssues } from './config-sources.ts'
import { loadComposition } from './load.ts'

let root: string
const write = (name: string, lines: string[]) => {
  const file = path.join(root, name)
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dsh-sources-'))
  write('cordis.yml', [
    '- id: tools',
    '  name: ./tools',
    '  config:',
    '    bash:',
    '      timeoutMs: 100',
    '      envAllowlist: [PATH, LANG]',
    '- id: agent',
    '  name: ./agent',
    '  config: { model: echo, maxSteps: 3 }',
    '- id: grouped',
    '  name: cordis:group',
    '  group: true',
    '  config:',
    '    - id: inner',
    '      name: ./inner',
    '      config: { depth: 1 }',
  ])
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

async function sources(...overlays: string[][]) {
  const patches = overlays.map((lines, index) => write(`overlay-${index + 1}.yml`, lines))
  const composition = await loadComposition({ configFile: path.join(root, 'cordis.yml'), patches, env: {} })
  return { locate: composition.sources.locate.bind(composition.sources), patches }
}

describe('ConfigSources', () => {
  test('names the composition file position of each key, item and group member', async () => {
    const { locate } = await sources()
    const file = path.join(root, 'cordis.yml')
    expect(locate('tools', 'bash.timeoutMs')).toBe(`${file}:5:7`)
    expect(locate('tools', 'bash.envAllowlist.1')).toBe(`${file}:6:28`)
    expect(locate('agent', 'maxSteps')).toBe(`${file}:9:26`)
    expect(locate('inner', 'depth')).toBe(`${file}:16:17`)
    // A key nobody wrote (a required field left out) is named by its nearest written ancestor.
    expect(locate('tools', 'bash.missing')).toBe(`${file}:4:5`)
    expect(locate('agent', '')).toBe(`${file}:9:3`)
  })

  test('the last overlay to set a value is its place; arrays and replace drop the old places', async () => {
    const { locate, patches } = await sources(
      ['- id: tools', '  config:', '    bash:', '      timeoutMs: "abc"', '      envAllowlist: [HOME]'],
      ['- id: agent', '  replace: { model: 7 }', '- insert: [{ id: extra, name: ./x, config: { a: 1 } }]'],
    )
    expect(locate('tools', 'bash.timeoutMs')).toBe(`${patches[0]}:4:7`)
    expect(locate('tools', 'bash.envAllowlist.1')).toBe(`${patches[0]}:5:7`)
    expect(locate('tools', 'bash')).toBe(`${patches[0]}:3:5`)
    expect(locate('agent', 'maxSteps')).toBe(`${patches[1]}:2:3`)
    expect(locate('agent', 'model')).toBe(`${patches[1]}:2:14`)
    expect(locate('extra', 'a')).toBe(`${patches[1]}:3:46`)
    expect(locate('nope', 'a')).toBe(undefined)
  })

  test('in-memory patches are named by their label', async () => {
    const composition = await loadComposition({
      configFile: path.join(root, 'cordis.yml'),
      patches: [{ source: 'host per-run patch', patches: [{ id: 'agent', config: { model: 1 } }] }],
      env: {},
    })
    expect(composition.sources.locate('agent', 'model')).toBe('host per-run patch')
  })
})

describe('locateIssues', () => {
  test("puts each issue's place before its message", () => {
    const message = 'invalid config:\n  - bad number (at bash.timeoutMs)\n  - missing field'
    const located = locateIssues(message, (at) =>
      at === 'bash.timeoutMs' ? 'o.yml:4:7' : at === '' ? 'c.yml:1:3' : undefined,
    )
    expect(located).toBe('invalid config:\n  - o.yml:4:7: bad number (at bash.timeoutMs)\n  - c.yml:1:3: missing field')
    expect(locateIssues('something else (at x)', () => 'o.yml:1:1')).toBe('something else (at x)')
  })
})
