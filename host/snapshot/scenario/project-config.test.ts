import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scratchProject } from '../test-support/scratch-project.ts'
import { discoverScenarios } from './discover.ts'
import { parseManifest } from './manifest.ts'
import { loadProjectConfig, withProjectConfig } from './project-config.ts'

const FILE = 'dsh.config.yml'
const MINIMAL = 'scenario: text-turn\ndescription: One plain text turn.\nrecording: stub\n'

const folder = mkdtempSync(join(tmpdir(), 'dsh-project-config-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
/** The settings of a project whose dsh.config.yml holds `text`. */
function parseProjectConfig(text: string) {
  writeFileSync(join(folder, FILE), text)
  return loadProjectConfig(folder)
}

function errorOf(text: string): string {
  try {
    parseProjectConfig(text)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected the project config to be rejected')
}

describe('dsh.config.yml', () => {
  it('takes redact, allow and maxAge as a manifest writes them; an empty file is no settings', () => {
    const config = parseProjectConfig(
      'redact:\n  - { rule: email, token: "{{secret:email}}" }\n  - { pattern: "build \\\\d+", token: "build N" }\n' +
        'allow:\n  - { rule: host-name, file: session.jsonl }\nmaxAge: 30\n' +
        'normalize:\n  - { path: $.now, token: "{{time}}" }\n',
    )
    expect(config).toEqual({
      normalize: [{ path: '$.now', token: '{{time}}' }],
      redact: [
        { rule: 'email', token: '{{secret:email}}' },
        { pattern: 'build \\d+', token: 'build N' },
      ],
      allow: [{ rule: 'host-name', file: 'session.jsonl' }],
      maxAge: 30,
    })
    expect(parseProjectConfig('')).toEqual({ redact: [], normalize: [], allow: [] })
  })

  it('names the file, the field path and the fix: unknown keys and rules, bad patterns, a bad maxAge', () => {
    const message = errorOf(
      'redact:\n  - { rule: e-mail, token: x }\n  - { pattern: "(", token: y }\nallow: [{ rule: email, fil: a }]\n' +
        'maxAge: -1\nscenario: x\n',
    )
    expect(message).toMatch(/^dsh\.config\.yml: 5 problems\n/)
    expect(errorOf('normalize: [{ path: now, token: x }]\n')).toContain(
      'normalize[0]: a JSON path starts with "$" (e.g. $.now), got "now"',
    )
    expect(message).toMatch(/redact\[0\]\.rule: "e-mail" is not a secret-scan rule; did you mean "email"\?/)
    expect(message).toContain('redact[1].pattern: is not a valid regular expression')
    expect(message).toMatch(/allow\[0\]\.fil: .*file/)
    expect(message).toMatch(/ - maxAge: /)
    expect(message).toMatch(/ - scenario: /)
    expect(message).toContain('dsh.config.yml holds redact, normalize, allow and maxAge for every scenario')
    expect(errorOf('redact: [\n')).toMatch(/dsh\.config\.yml: line \d+: YAML syntax error/)
  })

  it("merges under a manifest: the scenario's own entries first, its own maxAge first", () => {
    const manifest = parseManifest(
      `${MINIMAL}redact: [{ pattern: a, token: A }]\nallow: [{ rule: email }]\n`,
      'x',
      'text-turn',
    )
    const project = parseProjectConfig('redact: [{ pattern: b, token: B }]\nallow: [{ rule: jwt }]\nmaxAge: 9\n')
    const merged = withProjectConfig(manifest, project)
    expect(merged.redact).toEqual([
      { pattern: 'a', token: 'A' },
      { pattern: 'b', token: 'B' },
    ])
    expect(merged.allow).toEqual([{ rule: 'email' }, { rule: 'jwt' }])
    expect(merged.maxAge).toBe(9)
    expect(withProjectConfig({ ...manifest, maxAge: 2 }, project).maxAge).toBe(2)
    expect(withProjectConfig(manifest, { redact: [], normalize: [], allow: [] })).toEqual(manifest)
  })
})

describe('discovery with dsh.config.yml', () => {
  const project = scratchProject('project-config')
  afterAll(() => project.remove())
  project.scenario('plain', {
    manifest: MINIMAL.replace('text-turn', 'plain'),
    input: { steps: [{ op: 'initialize' }] },
  })

  it('gives every scenario the merged settings, and fails every one when the file is invalid', async () => {
    expect(loadProjectConfig(project.root)).toEqual({ redact: [], normalize: [], allow: [] })
    writeFileSync(join(project.root, FILE), 'maxAge: 7\nallow: [{ rule: email, file: session.jsonl }]\n')
    const { scenarios, failures } = await discoverScenarios(project.root)
    expect(failures).toEqual([])
    expect(scenarios[0]?.manifest).toMatchObject({ maxAge: 7, allow: [{ rule: 'email', file: 'session.jsonl' }] })

    writeFileSync(join(project.root, FILE), 'maxAge: soon\n')
    const broken = await discoverScenarios(project.root)
    expect(broken.scenarios).toEqual([])
    expect(broken.failures.map((f) => f.error.message)).toEqual([
      expect.stringMatching(/^dsh\.config\.yml: maxAge: expected number/),
    ])
  })
})
